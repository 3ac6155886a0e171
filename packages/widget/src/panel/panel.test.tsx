import { createSseEncoder } from '@agent-chat/protocol';
import { signal } from '@preact/signals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatModel, createConversationStore } from '../chat/index.js';
import { contactStyles } from '../contact/index.js';
import en from '../i18n/locales/en.js';
import { resolveStrings } from '../i18n/resolve-strings.js';
import { createFakeFetch } from '../testing/controlled-stream.js';
import type { WidgetConfig } from '../widget-config.js';
import { Panel } from './panel.js';

const encoder = createSseEncoder();
const answer = (text: string): string => encoder.encode({ type: 'answer', text });
const done = (fields: Record<string, unknown>): string =>
  encoder.encode({ type: 'endpoint_response', json: JSON.stringify(fields) }) +
  encoder.encode({ type: 'done' });

const baseConfig: WidgetConfig = {
  agentId: 'demo',
  endpoint: 'https://bff.example',
  position: 'right',
  theme: 'light',
  lang: 'en',
  open: false,
  starters: ['What do you sell?', 'Opening hours?'],
  showSources: true,
  handoff: true,
  followUps: true,
  greetingDelayMs: 3000,
  greetingOnce: false,
  storage: 'none',
  zIndex: 10,
  expiryMs: 60_000,
  strings: {},
  search: false,
  searchShortcuts: [],
};

function setup(options: { inline?: boolean; open?: boolean; config?: Partial<WidgetConfig> } = {}) {
  const network = createFakeFetch();
  const chat = createChatModel({
    agentId: 'demo',
    endpoint: 'https://bff.example',
    store: createConversationStore({ agentId: 'demo', storage: 'none' }),
    fetch: network.fetch,
    scheduleFrame: (flush) => flush(),
  });
  const isOpen = signal(options.open ?? true);
  const focusRequests = signal(0);
  const onClose = vi.fn(() => {
    isOpen.value = false;
  });
  const config = { ...baseConfig, ...options.config };
  const adoptStyles = vi.fn();
  const view = render(
    <Panel
      id="t"
      chat={chat}
      config={config}
      strings={resolveStrings(config.lang, config.strings)}
      isOpen={isOpen}
      focusRequests={focusRequests}
      inline={options.inline ?? false}
      onClose={onClose}
      adoptStyles={adoptStyles}
    />,
  );
  return { ...view, chat, network, isOpen, focusRequests, onClose, adoptStyles };
}

afterEach(cleanup);

describe('Panel', () => {
  it('is a labelled dialog with the welcome message and starter prompts', () => {
    setup({ config: { title: 'Acme help', welcome: 'Welcome to Acme!' } });
    const dialog = screen.getByRole('dialog', { name: 'Acme help' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(screen.getByText('Welcome to Acme!')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Suggested questions' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();
  });

  it('moves focus into the message box when opened and closes on Escape', async () => {
    const { isOpen, focusRequests, onClose } = setup({ open: false });
    expect(screen.getByRole('dialog', { hidden: true }).hidden).toBe(true);
    await act(() => {
      isOpen.value = true;
      focusRequests.value++;
    });
    const input = screen.getByRole('textbox', { name: 'Your message' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('streams an answer into the log, which is busy until the answer completes', async () => {
    const { network, container } = setup();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.input(input, { target: { value: 'Where are you?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const request = await network.next();
    expect(request.body.query).toBe('Where are you?');
    expect((input as HTMLTextAreaElement).value).toBe('');
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    const stream = request.stream();
    stream.push(answer('We are in **Paris**'));
    await waitFor(() =>
      expect(container.querySelector('.assistant:not(.welcome) strong')?.textContent).toBe('Paris'),
    );
    expect(log.getAttribute('aria-busy')).toBe('true');

    const source = (id: string, name: string, url: string | null) => ({
      chunk_id: id,
      datasource_id: id,
      datasource_name: name,
      datasource_type: 'web_page',
      source_url: url,
      mime_type: 'text/html',
      score: 1,
    });
    stream.push(
      answer(', near the river.') +
        done({
          sources: [
            source('a', 'Visit us', 'https://acme.example/visit'),
            source('a', 'Visit us', 'https://acme.example/visit'),
            source('b', 'Internal note', 'javascript:alert(1)'),
          ],
        }),
    );
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'));
    expect(container.querySelector('.assistant:not(.welcome) .bubble')?.textContent).toBe(
      'We are in Paris, near the river.',
    );
    const items = [...container.querySelectorAll('.sources li')];
    expect(items.map((item) => item.textContent)).toEqual(['Visit us', 'Internal note']);
    expect(items[0]?.querySelector('a')?.getAttribute('href')).toBe('https://acme.example/visit');
    expect(items[0]?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(items[1]?.querySelector('a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeTruthy();
  });

  it('shows a 429 in plain words and retries only when asked', async () => {
    const { network } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Opening hours?' }));
    (await network.next()).json(
      429,
      { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
      { 'Retry-After': '12' },
    );
    await screen.findByText('Too many messages. Please wait 12 seconds, then try again.');
    expect(network.requests).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const retried = await network.next();
    expect(retried.body.query).toBe('Opening hours?');
    retried.stream().push(answer('9 to 5.') + done({ sources: [] }));
    await screen.findByText('9 to 5.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('stops an answer and keeps the partial text', async () => {
    const { network } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    const stream = (await network.next()).stream();
    stream.push(answer('Shoes, hats'));
    await screen.findByText('Shoes, hats');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Stopped.');
    expect(screen.getByText('Shoes, hats')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('keeps a broken stream’s partial answer with an error notice', async () => {
    const { network } = setup({ config: { lang: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    const stream = (await network.next()).stream();
    stream.push(answer('Des chaussures'));
    stream.close();
    await screen.findByText('La réponse a été interrompue.');
    expect(screen.getByText('Des chaussures')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('copies a completed answer to the clipboard and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      const { network } = setup();
      fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
      (await network.next()).stream().push(answer('Shoes and **hats**.') + done({ sources: [] }));
      const copy = await screen.findByRole('button', { name: 'Copy answer' });
      fireEvent.click(copy);
      await waitFor(() => expect(copy.textContent).toBe('Copied'));
      expect(writeText).toHaveBeenCalledWith('Shoes and **hats**.');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('hides sources with data-show-sources=false', async () => {
    const { network, container } = setup({ config: { showSources: false } });
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    (await network.next()).stream().push(
      answer('Shoes.') +
        done({
          sources: [
            {
              chunk_id: 'a',
              datasource_id: 'a',
              datasource_name: 'Catalogue',
              datasource_type: 'web_page',
              source_url: 'https://acme.example/catalogue',
              mime_type: 'text/html',
              score: 1,
            },
          ],
        }),
    );
    await screen.findByText('Shoes.');
    expect(container.querySelector('.sources')).toBeNull();
    expect(screen.queryByText('Catalogue')).toBeNull();
  });

  it('starts a new conversation', async () => {
    const { network, chat } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    (await network.next()).stream().push(answer('Shoes.') + done({ sources: [] }));
    await screen.findByText('Shoes.');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.queryByText('Shoes.')).toBeNull());
    expect(chat.messages.value).toEqual([]);
    expect(screen.getByRole('group', { name: 'Suggested questions' })).toBeTruthy();
  });

  it('renders inline as a region without a close button', () => {
    setup({ inline: true, open: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
  });

  it('does not send on Shift+Enter', () => {
    const { network } = setup();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.input(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(network.requests).toHaveLength(0);
  });

  it('offers a person once the agent does, shows the notice, and labels replies as plain text', async () => {
    const { network, chat, container } = setup();
    const ask = async (text: string, fields: Record<string, unknown>) => {
      const input = screen.getByRole('textbox', { name: 'Your message' });
      fireEvent.input(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter' });
      (await network.next()).stream().push(answer('Hello.') + done(fields));
      await waitFor(() => expect(chat.status.value).toBe('idle'));
    };
    await ask('Hi', { conversationId: 'c_sig', visitorId: 'v_tok', handoffEnabled: false });
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    await ask('Hi again', { conversationId: 'c_sig', visitorId: 'v_tok', handoffEnabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/handoff');
    request.json(200, { status: 'handoff' });
    await waitFor(() => expect(screen.getByText('A person will reply here.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message' })),
    );

    const polled = chat.handoff.poll();
    (await network.next()).json(200, {
      status: 'handoff',
      messages: [
        {
          id: 'o1_sig',
          role: 'operator',
          text: 'Sam here <img src=x onerror=alert(1)>',
          createdAt: '',
          sources: [],
          eval: null,
          comment: null,
        },
      ],
    });
    await act(() => polled);
    const reply = container.querySelector('.operator');
    expect(reply?.textContent).toBe('SupportSam here <img src=x onerror=alert(1)>');
    expect(reply?.querySelector('img')).toBeNull();
  });

  it('never offers a person when the site sets data-handoff="false"', async () => {
    const { network, chat } = setup({ config: { handoff: false } });
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.input(input, { target: { value: 'Hi' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    (await network.next())
      .stream()
      .push(answer('Hello.') + done({ conversationId: 'c', visitorId: 'v', handoffEnabled: true }));
    await waitFor(() => expect(chat.handoff.enabled.value).toBe(true));
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  });

  it('switches to the wider view and back with a pressed toggle, kept across close and open', async () => {
    const { isOpen } = setup();
    const toggle = screen.getByRole('button', { name: 'Wider view' });
    const dialog = screen.getByRole('dialog');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(dialog.classList.contains('wide')).toBe(true);
    await act(() => {
      isOpen.value = false;
    });
    await act(() => {
      isOpen.value = true;
    });
    expect(screen.getByRole('dialog').classList.contains('wide')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Wider view' }));
    expect(dialog.classList.contains('wide')).toBe(false);
  });

  it('has no wider view inline', () => {
    setup({ inline: true });
    expect(screen.queryByRole('button', { name: 'Wider view' })).toBeNull();
  });

  it('opens the Conversations view in place of the transcript, and comes back to the message box', async () => {
    setup({ config: { storage: 'local' } });
    const toggle = screen.getByRole('button', { name: 'Conversations' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const heading = await screen.findByRole('heading', { name: 'Conversations' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await screen.findByText('No earlier conversations.');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to chat' }));
    const input = await screen.findByRole('textbox', { name: 'Your message' });
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('heading', { name: 'Conversations' })).toBeNull();
  });

  it('has no Conversations view with data-storage="none"', () => {
    setup({ config: { storage: 'none' } });
    expect(screen.queryByRole('button', { name: 'Conversations' })).toBeNull();
  });

  it('offers the follow-up questions under the last complete answer; one click asks it', async () => {
    const { network } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    const stream = (await network.next()).stream();
    stream.push(answer('Shoes.'));
    await screen.findByText('Shoes.');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    stream.push(done({ followUps: ['Which sizes?', 'Do you ship?'] }));
    const group = await screen.findByRole('group', { name: 'Suggested questions' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Which sizes?',
      'Do you ship?',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Do you ship?' }));
    const next = await network.next();
    expect(next.body.query).toBe('Do you ship?');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message' }));
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    next.stream().push(answer('Yes.') + done({}));
    await screen.findByText('Yes.');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
  });

  it('shows no follow-up questions with data-follow-ups="false"', async () => {
    const { network } = setup({ config: { followUps: false } });
    fireEvent.click(screen.getByRole('button', { name: 'What do you sell?' }));
    (await network.next()).stream().push(answer('Shoes.') + done({ followUps: ['Which sizes?'] }));
    await screen.findByText('Shoes.');
    await waitFor(() => expect(screen.getByRole('log').getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Which sizes?' })).toBeNull();
  });
});

describe('Panel: the contact form', () => {
  async function offerAfterNoAnswer(fields = { name: 'required', phone: 'optional' }) {
    const context = setup();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.input(input, { target: { value: 'Do you ship to Mars?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const request = await context.network.next();
    request.stream().push(
      answer('I could not find that.') +
        done({
          conversationId: 'c1_sig',
          visitorId: 'v1_token',
          sources: [],
          contactCapture: { reason: 'no_answer', fields, consentText: null },
        }),
    );
    const form = await screen.findByRole('form', { name: en.contactTitle });
    return { ...context, form, input };
  }

  it('shows after a no-answer reply, in the transcript, with labelled fields and its styles', async () => {
    const { form, adoptStyles } = await offerAfterNoAnswer();
    expect(form.closest('[role=log]')).toBeTruthy();
    expect(form.previousElementSibling?.textContent).toContain('I could not find that.');
    expect(adoptStyles).toHaveBeenCalledWith(contactStyles);
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' }).getAttribute('type')).toBe(
      'tel',
    );
    expect(screen.getByText(en.contactConsent).id).toBe(
      screen.getByRole('button', { name: en.contactSend }).getAttribute('aria-describedby'),
    );
  });

  it('ties errors to their fields and moves focus to the first one to fix', async () => {
    const { network } = await offerAfterNoAnswer();
    const email = screen.getByRole('textbox', { name: 'Email' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.input(email, { target: { value: 'ada@example' } });
    fireEvent.click(screen.getByRole('button', { name: en.contactSend }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    for (const [field, message] of [
      [email, en.contactErrorEmail],
      [name, en.contactErrorName],
    ] as const) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(message);
    }
    expect(network.requests).toHaveLength(1);

    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    fireEvent.input(name, { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: en.contactSend }));
    const request = await network.next();
    expect(request.body).toEqual({
      visitorId: 'v1_token',
      conversationId: 'c1_sig',
      email: 'ada@example.com',
      name: 'Ada',
    });
    request.json(200, { email: 'ada@example.com', name: 'Ada', phone: null });
    await screen.findByText(
      (_, element) =>
        element?.classList.contains('notice') === true &&
        element.textContent === "We'll reply to you at ada@example.com.",
    );
    expect(screen.queryByRole('form')).toBeNull();
    // Focus goes back to the message box.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message' }));
  });

  it('takes focus to its email field when asking for a person offers it', async () => {
    const { network } = setup();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.input(input, { target: { value: 'I need a person' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    (await network.next()).stream().push(
      answer('Sure.') +
        done({
          conversationId: 'c1_sig',
          visitorId: 'v1_token',
          sources: [],
          handoffEnabled: true,
        }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/handoff');
    request.json(200, {
      status: 'handoff',
      contactCapture: {
        reason: 'handoff',
        fields: { name: 'off', phone: 'off' },
        consentText: 'We answer within a day.',
      },
    });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByText('We answer within a day.')).toBeTruthy();
  });

  it('"not now" removes it and returns focus to the message box', async () => {
    const { chat } = await offerAfterNoAnswer({ name: 'off', phone: 'off' });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.contactDismiss }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(chat.contact.phase.value).toBe('dismissed');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message' }));
  });
});
