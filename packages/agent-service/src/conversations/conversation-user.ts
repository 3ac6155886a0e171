import type { ConversationUser, UserAttributes } from '@agent-chat/protocol';

/**
 * Joins what is known of the signed-in user behind conversations `c` as `i` (a visitor the
 * BFF verified: `identified_visitors`, one row per agent and visitor), for
 * {@link USER_COLUMNS}. An anonymous visitor has no row: the columns are `NULL`. A lateral
 * lookup by primary key, so a list still walks its index and stops at its page (a plain
 * join let the planner summarise every conversation before sorting).
 */
export const JOIN_USER = `LEFT JOIN LATERAL (
    SELECT u.user_id, u.name, u.email, u.attributes FROM identified_visitors u
    WHERE u.organization_id = c.organization_id AND u.agent_id = c.agent_id
      AND u.visitor_id = c.visitor_id
  ) i ON true`;

/** The user's columns of {@link JOIN_USER}, as {@link userOf} reads them. */
export const USER_COLUMNS =
  'i.user_id, i.name AS user_name, i.email AS user_email, i.attributes AS user_attributes';

/** A row with {@link USER_COLUMNS}. */
export interface UserColumns {
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  user_attributes: UserAttributes | string | null;
}

/** The signed-in user of a row with {@link USER_COLUMNS}; `null` for an anonymous visitor. */
export function userOf(row: UserColumns): ConversationUser | null {
  if (row.user_id === null) return null;
  const attributes = row.user_attributes;
  return {
    userId: row.user_id,
    name: row.user_name,
    email: row.user_email,
    attributes:
      typeof attributes === 'string'
        ? (JSON.parse(attributes) as UserAttributes)
        : (attributes ?? {}),
  };
}

/** The characters of a `LIKE` pattern that are not literal, escaped (backslash is the default escape). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * SQL condition: the conversation `c` is a signed-in user's whose user id, name or email
 * contains `$placeholder` (a `LIKE` pattern from {@link userPattern}); `'*'` for any user.
 */
export function userCondition(placeholder: string): string {
  return `EXISTS (SELECT 1 FROM identified_visitors u WHERE u.organization_id = c.organization_id
      AND u.agent_id = c.agent_id AND u.visitor_id = c.visitor_id
      AND (${placeholder}::text = '*' OR u.user_id ILIKE ${placeholder}
        OR u.name ILIKE ${placeholder} OR u.email ILIKE ${placeholder}))`;
}

/** The parameter of {@link userCondition} for the list's `user` filter. */
export function userPattern(filter: string): string {
  const text = filter.trim();
  return text === '*' ? '*' : `%${likeLiteral(text)}%`;
}

/**
 * SQL condition: the conversation `c` is a signed-in user's with every attribute of
 * `$placeholder` (a JSON object, from {@link attributePattern}).
 */
export function attributeCondition(placeholder: string): string {
  return `EXISTS (SELECT 1 FROM identified_visitors a WHERE a.organization_id = c.organization_id
      AND a.agent_id = c.agent_id AND a.visitor_id = c.visitor_id
      AND a.attributes @> ${placeholder}::jsonb)`;
}

/** The parameter of {@link attributeCondition} for the list's `attribute` filter (`key:value`). */
export function attributePattern(filter: string): string {
  const colon = filter.indexOf(':');
  return JSON.stringify({ [filter.slice(0, colon)]: filter.slice(colon + 1) });
}
