import { greetingStyles } from './greeting-styles.js';

/** Options of {@link createGreeting}. */
export interface GreetingOptions {
  document: Document;
  /** Where the bubble goes (the widget's themed container). */
  container: HTMLElement;
  /**
   * The polite `status` region the loader made at start: a region present before its text
   * changes is what screen readers announce.
   */
  status: HTMLElement;
  /** Accessible name of the bubble's close button. */
  closeLabel: string;
  /** The visitor clicked the greeting's text: open the chat. */
  onOpen: () => void;
  /** The visitor dismissed it (close button or Esc). */
  onDismiss: () => void;
  /** Adds the greeting's stylesheet to the widget's shadow root. */
  adoptStyles: (css: string) => void;
}

/** The greeting beside the launcher; see {@link createGreeting}. */
export interface Greeting {
  /** Shows `text` (replacing any shown one) and announces it politely. */
  show(text: string): void;
  /** Hides it (nothing is announced). */
  hide(): void;
  readonly shown: boolean;
  /** Removes it and its listeners. */
  destroy(): void;
}

/**
 * Entry of the greeting chunk (`dist/assets/greeting-[hash].js`), which the loader imports
 * only for a page that greets (`data-greeting`, `AgentChat.greet()`).
 *
 * Creates the greeting bubble shown beside the floating launcher (plain DOM, like the
 * launcher): its text is a button that opens the chat, with its own close button. It never
 * takes focus; a `status` region (present before any text, so screen readers announce the
 * change) says it politely; Esc anywhere on the page dismisses it while it shows.
 */
export function createGreeting(options: GreetingOptions): Greeting {
  const { document } = options;
  options.adoptStyles(greetingStyles);
  const { status } = options;
  const bubble = document.createElement('div');
  bubble.className = 'greeting';
  bubble.hidden = true;
  const text = document.createElement('button');
  text.type = 'button';
  text.className = 'greeting-text';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'greeting-close';
  close.setAttribute('aria-label', options.closeLabel);
  close.textContent = '×';
  bubble.append(text, close);
  options.container.append(bubble);

  const view = document.defaultView;
  const hide = (): void => {
    if (bubble.hidden) return;
    bubble.hidden = true;
    status.textContent = '';
    view?.removeEventListener('keydown', onKeyDown);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    hide();
    options.onDismiss();
  };
  text.addEventListener('click', () => {
    hide();
    options.onOpen();
  });
  close.addEventListener('click', () => {
    hide();
    options.onDismiss();
  });

  return {
    show(value) {
      text.textContent = value;
      status.textContent = value;
      if (!bubble.hidden) return;
      bubble.hidden = false;
      view?.addEventListener('keydown', onKeyDown);
    },
    hide,
    get shown() {
      return !bubble.hidden;
    },
    destroy() {
      hide();
      bubble.remove();
    },
  };
}
