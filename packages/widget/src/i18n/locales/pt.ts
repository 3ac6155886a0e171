import type { LocaleStrings } from './locale-strings.js';

/** Portuguese: its own chunk, loaded with the panel when the page is in Portuguese. */
const pt: LocaleStrings = {
  title: 'Chat',
  welcome: 'Olá! Como posso ajudar?',
  placeholder: 'Faça uma pergunta…',
  messageLabel: 'Sua mensagem',
  send: 'Enviar',
  stop: 'Parar',
  retry: 'Tentar novamente',
  copy: 'Copiar resposta',
  copied: 'Copiado',
  copyCode: 'Copiar código',
  newConversation: 'Nova conversa',
  sources: 'Fontes',
  citation: 'Fonte {n}: {title}',
  suggestions: 'Perguntas sugeridas',
  you: 'Você',
  assistant: 'Assistente',
  stopped: 'Interrompido.',
  errorUsageLimit: 'Este assistente atingiu o limite de uso. Tente novamente mais tarde.',
  errorRateLimited: 'Muitas mensagens. Aguarde {seconds} segundos e tente novamente.',
  errorRateLimitedSoon: 'Muitas mensagens. Aguarde um momento e tente novamente.',
  errorOffline: 'Você parece estar offline. Verifique sua conexão e tente novamente.',
  errorNetwork: 'Não foi possível contatar o assistente. Verifique sua conexão e tente novamente.',
  errorServer: 'O assistente está com problemas agora. Tente novamente em instantes.',
  errorInterrupted: 'A resposta foi interrompida.',
  errorRejected:
    'Não foi possível enviar esta mensagem. Tente uma mensagem mais curta ou diferente.',
  errorUnavailable: 'Este assistente não está disponível neste site.',
  helpful: 'Útil',
  notHelpful: 'Não foi útil',
  feedbackComment: 'O que estava errado? (opcional)',
  sendFeedback: 'Enviar',
  talkToPerson: 'Falar com uma pessoa',
  handoffNotice: 'Uma pessoa responderá aqui.',
  handbackNotice: 'O assistente voltou.',
  operator: 'Suporte',
  errorHandoff: 'Ninguém está disponível.',
};

export default pt;
