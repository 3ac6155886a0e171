import type { ContactOffer } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { ContactDetails } from '../chat/index.js';
import en from '../i18n/locales/en.js';
import { createContactForm } from './contact-form-model.js';

const offer = (fields: ContactOffer['fields']): ContactOffer => ({
  reason: 'no_answer',
  fields,
  consentText: null,
});

function setup(
  fields: ContactOffer['fields'],
  send: (details: ContactDetails) => Promise<unknown> = vi.fn(async () => ({})),
) {
  return { form: createContactForm({ offer: offer(fields), strings: en, send }), send };
}

describe('createContactForm', () => {
  it('shows email and the fields that are not off, and knows which are required', () => {
    const { form } = setup({ name: 'required', phone: 'off' });
    expect(form.fields).toEqual(['email', 'name']);
    expect(form.required('email')).toBe(true);
    expect(form.required('name')).toBe(true);
    const optional = setup({ name: 'optional', phone: 'optional' }).form;
    expect(optional.fields).toEqual(['email', 'name', 'phone']);
    expect(optional.required('name')).toBe(false);
    expect(optional.maxLength).toEqual({ email: 254, name: 200, phone: 40 });
  });

  it('refuses a bad email and a missing required field before sending, first field first', async () => {
    const { form, send } = setup({ name: 'required', phone: 'optional' });
    form.set('email', 'ada@example');
    form.set('phone', 'call me');
    expect(await form.submit()).toBe('email');
    expect(form.errors.value).toEqual({
      email: en.contactErrorEmail,
      name: en.contactErrorName,
      phone: en.contactErrorPhone,
    });
    expect(send).not.toHaveBeenCalled();
    // Typing in a field clears its error alone.
    form.set('email', 'ada@example.com');
    expect(form.errors.value.email).toBeUndefined();
    expect(form.errors.value.name).toBe(en.contactErrorName);
    form.set('name', 'Ada');
    expect(await form.submit()).toBe('phone');
  });

  it('sends the trimmed details, leaving out empty optional fields', async () => {
    const { form, send } = setup({ name: 'optional', phone: 'optional' });
    form.set('email', '  ada@example.com ');
    form.set('name', '   ');
    form.set('phone', ' +44 20 7946 0000 ');
    expect(await form.submit()).toBeUndefined();
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', phone: '+44 20 7946 0000' });
    expect(form.errors.value).toEqual({});
    expect(form.sending.value).toBe(false);
  });

  it('sends once while a submission is out', async () => {
    let finish: (value: unknown) => void = () => {};
    const send = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { form } = setup({ name: 'off', phone: 'off' }, send);
    form.set('email', 'ada@example.com');
    const first = form.submit();
    expect(form.sending.value).toBe(true);
    expect(await form.submit()).toBeUndefined();
    finish({});
    await first;
    expect(send).toHaveBeenCalledTimes(1);
    expect(form.sending.value).toBe(false);
  });

  it('shows a 400 on the field it names, and other 400s on the form', async () => {
    const failure = { code: 'INVALID_REQUEST', status: 400, message: '' };
    const send = vi.fn(async () => {
      throw failure;
    });
    const { form } = setup({ name: 'optional', phone: 'optional' }, send);
    form.set('email', 'ada@example.com');
    form.set('name', 'Ada');
    failure.message = 'name must not contain control characters';
    expect(await form.submit()).toBe('name');
    expect(form.errors.value).toEqual({ name: 'name must not contain control characters' });
    expect(form.formError.value).toBeUndefined();
    failure.message = 'The request body must be a JSON object';
    expect(await form.submit()).toBeUndefined();
    expect(form.errors.value).toEqual({});
    expect(form.formError.value).toBe(en.errorRejected);
  });

  it('words a network failure on the form and keeps what was typed', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { form } = setup({ name: 'optional', phone: 'off' }, send);
    form.set('email', 'ada@example.com');
    form.set('name', 'Ada');
    expect(await form.submit()).toBeUndefined();
    expect(form.formError.value).toBe(en.errorNetwork);
    expect(form.values.value).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    // The next submission clears the form's error.
    send.mockResolvedValueOnce(undefined as never);
    await form.submit();
    expect(form.formError.value).toBeUndefined();
  });

  it('says nothing when a waiting submission is dropped (the visitor left the conversation)', async () => {
    const send = vi.fn(async () => {
      throw { code: 'ABORTED', message: 'left' };
    });
    const { form } = setup({ name: 'off', phone: 'off' }, send);
    form.set('email', 'ada@example.com');
    expect(await form.submit()).toBeUndefined();
    expect(form.formError.value).toBeUndefined();
  });
});
