import { type DeclineLanguage, questionLanguage } from './question-language.js';

/**
 * What the service answers when the documents hold nothing that answers the question: one
 * plain sentence that says so, quoting nothing and citing nothing, in the language the
 * question was asked in. Recognisable on purpose (it starts with "I don't know" or its
 * translation), so a person, the widget and `agent-chat-service eval` can tell a decline
 * from an answer.
 */
export const NOTHING_FOUND_ANSWER =
  "I don't know: the documents I have access to don't cover that.";

/** Added to {@link NOTHING_FOUND_ANSWER} when the agent can hand the conversation to a person. */
export const HANDOFF_OFFER = 'If you like, I can put you in touch with a person.';

const DECLINES: Readonly<Record<DeclineLanguage, { nothing: string; handoff: string }>> = {
  en: { nothing: NOTHING_FOUND_ANSWER, handoff: HANDOFF_OFFER },
  de: {
    nothing: 'Das weiß ich nicht: Die Dokumente, auf die ich Zugriff habe, behandeln das nicht.',
    handoff: 'Wenn Sie möchten, verbinde ich Sie mit einer Person.',
  },
  fr: {
    nothing: "Je ne sais pas : les documents auxquels j'ai accès n'en parlent pas.",
    handoff: 'Si vous le souhaitez, je peux vous mettre en relation avec une personne.',
  },
  es: {
    nothing: 'No lo sé: los documentos a los que tengo acceso no tratan ese tema.',
    handoff: 'Si lo desea, puedo ponerle en contacto con una persona.',
  },
  pt: {
    nothing: 'Não sei: os documentos a que tenho acesso não tratam disso.',
    handoff: 'Se quiser, posso colocá-lo em contato com uma pessoa.',
  },
  he: {
    nothing: 'אני לא יודע: המסמכים שיש לי גישה אליהם לא עוסקים בזה.',
    handoff: 'אם תרצו, אוכל לחבר אתכם לאדם.',
  },
  ar: {
    nothing: 'لا أعرف: المستندات التي يمكنني الوصول إليها لا تتناول ذلك.',
    handoff: 'إذا أردت، يمكنني أن أصلك بشخص.',
  },
};

/**
 * The decline sentences of every language: an answer that starts with one is a decline
 * (content-gap topics count it so, whichever answerer wrote it).
 */
export const DECLINE_SENTENCES: readonly string[] = Object.values(DECLINES).map(
  (decline) => decline.nothing,
);

/**
 * The decline in the question's language (see `questionLanguage`; English when unsure),
 * offering a person where the agent has human handoff.
 */
export function declineAnswer(
  options: { handoffEnabled?: boolean | undefined; question?: string | undefined } = {},
): string {
  const decline = DECLINES[options.question ? questionLanguage(options.question) : 'en'];
  return options.handoffEnabled ? `${decline.nothing} ${decline.handoff}` : decline.nothing;
}
