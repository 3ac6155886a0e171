import { z } from 'zod';
import { isEmailAddress, isPhoneNumber } from '../contact-rules.js';
import { CONTACT_CAPTURE_TRIGGERS, CONTACT_FIELD_MODES } from '../contacts.js';
import { LIMITS } from '../limits.js';
import { id, oneOf, pageSize, searchText, strictBodyError, text } from './schema-helpers.js';

const bodyError = strictBodyError();
const queryError = { error: 'The query string must be a set of parameters' };

// Control characters (C0 except tab, DEL, C1) never belong in a name, an email or a phone.
export const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

function plain(field: string, max: number, min = 0) {
  return text(field, max, min)
    .transform((value) => value.trim())
    .refine((value) => !CONTROL.test(value), {
      error: `${field} must not contain control characters`,
    });
}

/** A contact's email (also a signed-in user's). */
export const email = plain('email', LIMITS.emailLength.max, 1).refine(isEmailAddress, {
  error: 'email must be an email address, e.g. name@example.com',
});
/** A contact's name (also a signed-in user's). */
export const name = plain('name', LIMITS.nameLength.max);
const phone = plain('phone', LIMITS.phoneLength.max).refine(
  (value) => value === '' || isPhoneNumber(value),
  { error: 'phone must be a phone number: digits, spaces, + ( ) . / -' },
);
const consentText = plain('consentText', LIMITS.consentTextLength.max).nullable();

/** Schema of an agent's `contactCapture` settings (in agent create and update bodies). */
export const contactCaptureSchema = z
  .strictObject(
    {
      enabled: z.boolean({ error: 'contactCapture.enabled must be true or false' }),
      triggers: z
        .array(oneOf('contactCapture.triggers[]', CONTACT_CAPTURE_TRIGGERS), {
          error: 'contactCapture.triggers must be an array',
        })
        .max(CONTACT_CAPTURE_TRIGGERS.length),
      fields: z.strictObject(
        {
          name: oneOf('contactCapture.fields.name', CONTACT_FIELD_MODES),
          phone: oneOf('contactCapture.fields.phone', CONTACT_FIELD_MODES),
        },
        { error: 'contactCapture.fields must be an object with name and phone' },
      ),
      consentText,
    },
    { error: 'contactCapture must be an object' },
  )
  .refine((value) => !value.enabled || value.triggers.length > 0, {
    error: 'contactCapture.triggers must name at least one trigger when enabled',
  });

/** Schema of the service's `POST /api/agents/{id}/contacts` bodies. */
export const contactSubmissionSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    conversationId: id('conversationId').optional(),
    email,
    name: name.optional(),
    phone: phone.optional(),
    consentText: consentText.optional(),
  },
  bodyError,
);

/** Schema of the BFF's widget `POST /api/agents/{id}/contact` bodies. */
export const contactRequestSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    conversationId: id('conversationId').optional(),
    email,
    name: name.optional(),
    phone: phone.optional(),
  },
  bodyError,
);

/** Schema of the service's `GET /api/contacts` query strings (unknown parameters are dropped). */
export const contactListQuerySchema = z.object(
  {
    q: searchText('q').optional(),
    agentId: id('agentId').optional(),
    cursor: searchText('cursor').optional(),
    limit: pageSize.optional(),
    format: oneOf('format', ['json', 'csv']).optional(),
  },
  queryError,
);
