import { ID_PATTERN } from '@agent-chat/protocol';
import type { Strings } from '../i18n/index.js';
import type { WidgetConfig, WidgetPosition, WidgetStorage, WidgetTheme } from '../widget-config.js';
import { WidgetError } from '../widget-error.js';

const defaultZIndex = 2147483000;
const defaultExpiryHours = 168;

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  const normalized = value?.trim().toLowerCase();
  return allowed.includes(normalized as T) ? (normalized as T) : fallback;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseStrings(value: string | undefined): Partial<Strings> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Partial<Strings>;
    }
  } catch {
    // Reported below: an unreadable override must not stop the widget.
  }
  console.warn('agent-chat: data-strings must be a JSON object, e.g. {"send":"Go"}; ignored.');
  return {};
}

/**
 * Reads the widget configuration from the `data-*` attributes of its script element.
 * Only `data-agent-id` is required; everything else has a default (see {@link WidgetConfig}).
 *
 * @param dataset The script's `dataset`.
 * @param scriptUrl The script's absolute URL: the default endpoint is its origin.
 * @param pageLang The page's `<html lang>`, used when `data-lang` is absent.
 * @throws {WidgetError} `INVALID_CONFIG` when the agent id or the endpoint is unusable.
 */
export function readConfig(
  dataset: DOMStringMap,
  scriptUrl: string,
  pageLang: string,
): WidgetConfig {
  const agentId = dataset.agentId?.trim() ?? '';
  if (!ID_PATTERN.test(agentId)) {
    throw new WidgetError(
      'INVALID_CONFIG',
      'agent-chat: set data-agent-id on the script tag to your agent id (letters, digits, _ and -).',
    );
  }
  let endpointUrl: URL;
  try {
    endpointUrl = new URL(dataset.endpoint?.trim() || new URL(scriptUrl).origin, scriptUrl);
  } catch (cause) {
    throw new WidgetError('INVALID_CONFIG', 'agent-chat: data-endpoint is not a valid URL.', {
      cause,
    });
  }
  if (endpointUrl.protocol !== 'https:' && endpointUrl.protocol !== 'http:') {
    throw new WidgetError('INVALID_CONFIG', 'agent-chat: data-endpoint must be an http(s) URL.');
  }
  const zIndex = Number.parseInt(dataset.zIndex ?? '', 10);
  const expiryHours = Number(dataset.expiryHours);
  const greetingDelay = Number(dataset.greetingDelay ?? Number.NaN);
  const config: WidgetConfig = {
    agentId,
    endpoint: `${endpointUrl.origin}${endpointUrl.pathname}`.replace(/\/+$/, ''),
    position: oneOf<WidgetPosition>(dataset.position, ['right', 'left'], 'right'),
    theme: oneOf<WidgetTheme>(dataset.theme, ['light', 'dark', 'auto'], 'light'),
    lang: text(dataset.lang) ?? text(pageLang) ?? 'en',
    open: flag(dataset.open, false),
    starters: (dataset.starters ?? '')
      .split('|')
      .map((starter) => starter.trim())
      .filter(Boolean),
    showSources: flag(dataset.showSources, true),
    handoff: flag(dataset.handoff, true),
    followUps: flag(dataset.followUps, true),
    greetingDelayMs:
      (Number.isFinite(greetingDelay) && greetingDelay >= 0 ? greetingDelay : 3) * 1000,
    greetingOnce: flag(dataset.greetingOnce, false),
    storage: oneOf<WidgetStorage>(dataset.storage, ['local', 'session', 'none'], 'local'),
    zIndex: Number.isFinite(zIndex) ? zIndex : defaultZIndex,
    expiryMs:
      (Number.isFinite(expiryHours) && expiryHours > 0 ? expiryHours : defaultExpiryHours) *
      3_600_000,
    strings: parseStrings(dataset.strings),
    search: flag(dataset.search, true),
    searchShortcuts: flag(dataset.searchShortcut, true)
      ? (dataset.searchShortcut?.trim() || 'mod+k /').toLowerCase().split(/\s+/)
      : [],
  };
  // The optional texts: set only when given, each read from the attribute of its name.
  const optional = [
    'title',
    'welcome',
    'greeting',
    'placeholder',
    'primaryColor',
    'nonce',
    'mount',
    'searchButton',
  ] as const;
  for (const key of optional) {
    const value = text(dataset[key]);
    if (value !== undefined) config[key] = value;
  }
  return config;
}
