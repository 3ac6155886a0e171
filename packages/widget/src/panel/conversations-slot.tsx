import type { VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ConversationsViewProps } from '../conversations/index.js';

type ConversationsModule = typeof import('../conversations/index.js');

/** Props of {@link ConversationsSlot}. */
export interface ConversationsSlotProps extends ConversationsViewProps {
  /** Adds the view's stylesheet to the shadow root (once). */
  adoptStyles: (css: string) => void;
}

/** Where the "Conversations" view goes: its chunk loads the first time the visitor opens it. */
export function ConversationsSlot({ adoptStyles, ...props }: ConversationsSlotProps): VNode | null {
  const [module, setModule] = useState<ConversationsModule>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return;
    let live = true;
    import('../conversations/index.js').then(
      (loaded) => {
        adoptStyles(loaded.conversationsStyles);
        if (live) setModule(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [module]);
  if (failed) {
    return (
      <p class="notice error" role="alert">
        {props.strings.errorConversations}
      </p>
    );
  }
  return module ? <module.ConversationsView {...props} /> : null;
}
