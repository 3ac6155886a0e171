import { describe, expect, it } from 'vitest';
import { readConfig } from './read-config.js';

const scriptUrl = 'https://cdn.example/agent/widget.js';

describe('readConfig', () => {
  it('applies defaults: endpoint is the script origin, light theme, local storage', () => {
    expect(readConfig({ agentId: 'demo' }, scriptUrl, '')).toEqual({
      agentId: 'demo',
      endpoint: 'https://cdn.example',
      position: 'right',
      theme: 'light',
      lang: 'en',
      open: false,
      starters: [],
      showSources: true,
      handoff: true,
      followUps: true,
      greetingDelayMs: 3000,
      greetingOnce: false,
      storage: 'local',
      zIndex: 2147483000,
      expiryMs: 168 * 3_600_000,
      strings: {},
      search: true,
      searchShortcuts: ['mod+k', '/'],
    });
  });

  it('reads every data-* attribute', () => {
    const config = readConfig(
      {
        agentId: 'sales_2',
        endpoint: 'https://bff.example/chat/',
        title: ' Ask Acme ',
        welcome: 'Hello!',
        placeholder: 'Type here',
        primaryColor: '#ff6600',
        position: 'LEFT',
        theme: 'auto',
        lang: 'fr-CA',
        open: '',
        starters: 'Prices? | Opening hours?||',
        showSources: 'false',
        handoff: 'false',
        followUps: 'off',
        greeting: ' Questions? Ask me. ',
        greetingDelay: '0.5',
        greetingOnce: 'true',
        storage: 'session',
        nonce: 'abc',
        zIndex: '99',
        mount: '#chat',
        expiryHours: '2',
        strings: '{"send":"Go"}',
        search: 'false',
        searchButton: ' .DocSearch-Button ',
        searchShortcut: 'Mod+Alt+F  /',
      },
      scriptUrl,
      'de',
    );
    expect(config).toEqual({
      agentId: 'sales_2',
      endpoint: 'https://bff.example/chat',
      title: 'Ask Acme',
      welcome: 'Hello!',
      placeholder: 'Type here',
      primaryColor: '#ff6600',
      position: 'left',
      theme: 'auto',
      lang: 'fr-CA',
      open: true,
      starters: ['Prices?', 'Opening hours?'],
      showSources: false,
      handoff: false,
      followUps: false,
      greeting: 'Questions? Ask me.',
      greetingDelayMs: 500,
      greetingOnce: true,
      storage: 'session',
      nonce: 'abc',
      zIndex: 99,
      mount: '#chat',
      expiryMs: 2 * 3_600_000,
      search: false,
      searchButton: '.DocSearch-Button',
      searchShortcuts: ['mod+alt+f', '/'],
      strings: { send: 'Go' },
    });
  });

  it("falls back to the page's lang, and to defaults for unknown values", () => {
    const config = readConfig(
      { agentId: 'a', theme: 'neon', storage: 'cookies', strings: '[1]' },
      scriptUrl,
      'ar',
    );
    expect(config).toMatchObject({ lang: 'ar', theme: 'light', storage: 'local', strings: {} });
  });

  it('resolves a relative endpoint against the script URL', () => {
    expect(readConfig({ agentId: 'a', endpoint: '/bff' }, scriptUrl, '').endpoint).toBe(
      'https://cdn.example/bff',
    );
  });

  it('rejects a missing or unsafe agent id and a non-http endpoint', () => {
    expect(() => readConfig({}, scriptUrl, '')).toThrow(/data-agent-id/);
    expect(() => readConfig({ agentId: '../admin' }, scriptUrl, '')).toThrow(/data-agent-id/);
    expect(() =>
      readConfig({ agentId: 'a', endpoint: 'javascript:alert(1)' }, scriptUrl, ''),
    ).toThrow(/http\(s\)/);
  });
});
