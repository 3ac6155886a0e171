import type { VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ContactModel } from '../chat/index.js';
import type { LocaleStrings } from '../i18n/index.js';

type ContactModule = typeof import('../contact/index.js');

/** Props of {@link ContactSlot}. */
export interface ContactSlotProps {
  contact: ContactModel;
  strings: LocaleStrings;
  id: string;
  /** Adds the form's stylesheet to the shadow root (once). */
  adoptStyles: (css: string) => void;
  autoFocus: boolean;
  onDone: () => void;
}

/**
 * Where the contact form goes in the transcript: the form while it is offered (its chunk
 * loads on the first offer), then the confirmation with the address a person will reply to.
 */
export function ContactSlot(props: ContactSlotProps): VNode | null {
  const { contact, strings } = props;
  const phase = contact.phase.value;
  const offer = contact.offer.value;
  const sentTo = contact.sentTo.value;
  const [module, setModule] = useState<ContactModule>();
  const wanted = phase === 'offered';
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    import('../contact/index.js').then(
      (loaded) => {
        props.adoptStyles(loaded.contactStyles);
        if (live) setModule(loaded);
      },
      // Offline: the form shows on the next offer (a page load, another answer).
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);

  if (phase === 'sent' && sentTo) {
    const [before, after] = strings.contactSent.split('{email}');
    return (
      <p class="notice event muted">
        {before}
        <bdi>{sentTo}</bdi>
        {after}
      </p>
    );
  }
  if (!offer || !module) return null;
  return <module.ContactFormView offer={offer} {...props} />;
}
