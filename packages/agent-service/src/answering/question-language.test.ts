import { describe, expect, it } from 'vitest';
import { declineAnswer, HANDOFF_OFFER, NOTHING_FOUND_ANSWER } from './decline.js';
import { questionLanguage } from './question-language.js';

describe('questionLanguage', () => {
  it.each([
    ['How do I deploy the app to a server?', 'en'],
    ['Wie kann ich die App auf einem Server installieren?', 'de'],
    ['Comment est-ce que je peux déployer le site sur un serveur ?', 'fr'],
    ['¿Cómo puedo desplegar la aplicación en un servidor?', 'es'],
    ['Como posso publicar o site em um servidor?', 'pt'],
    ['Como posso mudar a senha da conta?', 'pt'],
    // "a" is a Portuguese word too; three of them do not make this Portuguese.
    ["A sender's profile link ran a script when clicked, through a javascript: address", 'en'],
    // Mostly English words in a German question: its function words decide.
    ['Was ist der default Timeout für Requests?', 'de'],
    ['איך אני מתקין את האפליקציה?', 'he'],
    ['كيف أقوم بتثبيت التطبيق؟', 'ar'],
    // Too little to tell: English.
    ['Kubernetes?', 'en'],
    ['Die Hard', 'en'],
  ])('%s → %s', (question, language) => {
    expect(questionLanguage(question)).toBe(language);
  });
});

describe('declineAnswer', () => {
  it('declines in the question`s language, with the handoff offer when the agent has it', () => {
    expect(declineAnswer()).toBe(NOTHING_FOUND_ANSWER);
    expect(declineAnswer({ question: 'What is the LTS schedule?', handoffEnabled: true })).toBe(
      `${NOTHING_FOUND_ANSWER} ${HANDOFF_OFFER}`,
    );
    expect(declineAnswer({ question: 'Wie viel kostet der Support für mein Team?' })).toBe(
      'Das weiß ich nicht: Die Dokumente, auf die ich Zugriff habe, behandeln das nicht.',
    );
    const french = declineAnswer({
      question: 'Quel est le prix du support ?',
      handoffEnabled: true,
    });
    expect(french).toMatch(/^Je ne sais pas : .*\. Si vous le souhaitez, .*personne\.$/);
  });
});
