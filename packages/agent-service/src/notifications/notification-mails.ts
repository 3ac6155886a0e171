import type {
  Contact,
  ConversationChannel,
  ConversationMessage,
  ConversationUser,
  GapsReportTopic,
} from '@agent-chat/protocol';

/** A message as the mails quote it. */
type QuotedMessage = Pick<ConversationMessage, 'role' | 'text' | 'createdAt'>;

/** A mail's subject and plain-text body. */
export interface MailText {
  subject: string;
  text: string;
}

const AUTHORS = { user: 'Visitor', assistant: 'AI', operator: 'Operator' } as const;

/** One line, no control characters: a header must not be split by what a visitor typed. */
const oneLine = (text: string, max = 120) => {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

function transcript(messages: readonly QuotedMessage[]): string {
  if (messages.length === 0) return '(no messages yet)';
  return messages
    .map((message) => `${AUTHORS[message.role]} (${message.createdAt}):\n${message.text}`)
    .join('\n\n');
}

function openLine(link: string | null, conversationId: string | null): string {
  if (link) return `Open the conversation: ${link}`;
  if (conversationId) {
    return `Open the console's Conversations page, conversation ${conversationId} (set PUBLIC_CONSOLE_URL to get a link here).`;
  }
  return '';
}

/** Longest attribute value quoted in a mail (the attributes' own limit). */
const USER_ATTRIBUTE_LINE = 200;

/**
 * Who a signed-in user is, as the operator's mails say it: the verified name, email and
 * user id, then the host's attributes one a line (each value on one line).
 */
function userLines(user: ConversationUser): string {
  const who = [
    user.name ? oneLine(user.name, 200) : '',
    user.email ? `<${oneLine(user.email, 320)}>` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [
    `Signed-in user: ${who ? `${who} ` : ''}(user id ${oneLine(user.userId, 256)})`,
    ...Object.entries(user.attributes).map(
      ([key, value]) => `  ${key}: ${oneLine(value, USER_ATTRIBUTE_LINE)}`,
    ),
  ].join('\n');
}

/** The operator's mail when a visitor asks for a person. */
export function handoffMail(input: {
  agentName: string;
  conversationId: string;
  question: string | null;
  messages: readonly QuotedMessage[];
  link: string | null;
  channel: ConversationChannel | null;
  user: ConversationUser | null;
}): MailText {
  const { user } = input;
  const who = user ? oneLine(user.name ?? user.email ?? user.userId, 80) : 'A visitor';
  return {
    subject: `${who} asks for a person (${oneLine(input.agentName, 60)})`,
    text: [
      `${user ? `${who}, a signed-in user,` : 'A visitor'} of ${input.agentName} asks for a person${
        input.channel ? ` (channel: ${input.channel})` : ''
      }.`,
      user ? userLines(user) : '',
      `Question: ${input.question ?? '(none)'}`,
      `Last messages:\n\n${transcript(input.messages)}`,
      openLine(input.link, input.conversationId),
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** The operator's mail when a visitor leaves a contact. */
export function contactMail(input: {
  agentName: string;
  contact: Contact;
  question: string | null;
  messages: readonly QuotedMessage[];
  link: string | null;
}): MailText {
  const { contact } = input;
  return {
    subject: `New contact: ${oneLine(contact.email, 80)} (${oneLine(input.agentName, 60)})`,
    text: [
      `A visitor of ${input.agentName} left a contact.`,
      [
        `Email: ${contact.email}`,
        contact.name ? `Name: ${contact.name}` : '',
        contact.phone ? `Phone: ${contact.phone}` : '',
        contact.consentText ? `Consent shown: ${contact.consentText}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      `Question: ${input.question ?? '(none)'}`,
      `Last messages:\n\n${transcript(input.messages)}`,
      openLine(input.link, contact.conversationId),
    ].join('\n\n'),
  };
}

/** The visitor's mail carrying an operator's reply from the console. */
export function replyMail(input: {
  agentName: string;
  reply: string;
  question: string | null;
}): MailText {
  return {
    subject: `A reply to your question (${oneLine(input.agentName, 60)})`,
    text: [
      input.reply,
      input.question ? `You asked:\n> ${input.question.replace(/\n/g, '\n> ')}` : '',
      'You can answer this mail, or continue the conversation on the site.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** How a reported topic moved, in words. */
function movement(topic: GapsReportTopic): string {
  return topic.trend === 'new' ? 'new' : `up from ${topic.previousCount}`;
}

/** The owner's weekly mail of new or growing content-gap topics (`GAPS_REPORT=weekly`). */
export function gapsReportMail(input: {
  organizationName: string;
  from: string;
  to: string;
  topics: readonly GapsReportTopic[];
}): MailText {
  const count = input.topics.length;
  const topics = count === 1 ? 'topic' : 'topics';
  const day = (iso: string) => iso.slice(0, 10);
  const items = input.topics.map((topic, index) =>
    [
      `${index + 1}. ${oneLine(topic.label || topic.typicalQuestion)} — ${topic.count} ${
        topic.count === 1 ? 'question' : 'questions'
      } (${movement(topic)}) — ${oneLine(topic.agentName, 60)}`,
      `   “${oneLine(topic.typicalQuestion, 200)}”`,
      `   ${
        topic.consoleUrl ??
        "Open the console's Insights page (set PUBLIC_CONSOLE_URL to get a link here)."
      }`,
    ].join('\n'),
  );
  return {
    subject: `Content gaps: ${count} new or growing ${topics} this week (${oneLine(input.organizationName, 60)})`,
    text: [
      `The questions your agents could not answer from ${day(input.from)} to ${day(input.to)}, grouped by topic: the ${count} new or growing ${topics}, largest first.`,
      items.join('\n\n'),
      'Answer a topic once on the Insights page and the agent uses that answer for all its questions; hide the ones that are not relevant.',
    ].join('\n\n'),
  };
}
