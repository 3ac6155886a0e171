import type { LocaleStrings } from './locale-strings.js';

/** Spanish: its own chunk, loaded with the panel when the page is in Spanish. */
const es: LocaleStrings = {
  title: 'Chat',
  welcome: '¡Hola! ¿En qué puedo ayudarte?',
  placeholder: 'Haz una pregunta…',
  messageLabel: 'Tu mensaje',
  send: 'Enviar',
  stop: 'Detener',
  retry: 'Reintentar',
  copy: 'Copiar respuesta',
  copied: 'Copiado',
  copyCode: 'Copiar código',
  newConversation: 'Nueva conversación',
  sources: 'Fuentes',
  citation: 'Fuente {n}: {title}',
  suggestions: 'Preguntas sugeridas',
  you: 'Tú',
  assistant: 'Asistente',
  stopped: 'Detenido.',
  errorUsageLimit: 'Este asistente alcanzó su límite de uso. Inténtalo más tarde.',
  errorRateLimited: 'Demasiados mensajes. Espera {seconds} segundos y vuelve a intentarlo.',
  errorRateLimitedSoon: 'Demasiados mensajes. Espera un momento y vuelve a intentarlo.',
  errorOffline: 'Parece que no tienes conexión. Compruébala y vuelve a intentarlo.',
  errorNetwork:
    'No se pudo contactar con el asistente. Comprueba tu conexión y vuelve a intentarlo.',
  errorServer: 'El asistente tiene problemas ahora mismo. Inténtalo de nuevo en un momento.',
  errorInterrupted: 'La respuesta se interrumpió.',
  errorRejected: 'No se pudo enviar este mensaje. Prueba con un mensaje más corto o distinto.',
  errorUnavailable: 'Este asistente no está disponible en este sitio.',
  helpful: 'Útil',
  notHelpful: 'No útil',
  feedbackComment: '¿Qué estuvo mal? (opcional)',
  sendFeedback: 'Enviar',
  talkToPerson: 'Hablar con una persona',
  handoffNotice: 'Una persona responderá aquí.',
  handbackNotice: 'El asistente ha vuelto.',
  operator: 'Soporte',
  errorHandoff: 'No hay nadie disponible.',
};

export default es;
