/**
 * The contact form (its own chunk, loaded when the form is first offered): its state
 * ({@link createContactForm}), its view and its styles. When it is offered, and sending it,
 * is the chat model's (`chat.contact`).
 */
export {
  type ContactField,
  type ContactForm,
  type ContactFormOptions,
  type ContactValues,
  createContactForm,
} from './contact-form-model.js';
export { ContactFormView, type ContactFormViewProps } from './contact-form-view.js';
export { contactStyles } from './contact-styles.js';
