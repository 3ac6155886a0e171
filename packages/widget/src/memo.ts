import { type Component, type FunctionComponent, h, type VNode } from 'preact';

function propsDiffer(previous: object, next: object): boolean {
  for (const key in previous) {
    if (!(key in next)) return true;
  }
  for (const key in next) {
    if ((previous as Record<string, unknown>)[key] !== (next as Record<string, unknown>)[key]) {
      return true;
    }
  }
  return false;
}

/**
 * Skips re-rendering a component while its props are shallowly equal, like `preact/compat`'s
 * `memo` without pulling the whole compat layer (≈ 3 KB gzip) into the bundle.
 */
export function memo<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  function shouldComponentUpdate(this: Component<P>, next: P): boolean {
    return propsDiffer(this.props, next);
  }
  function Memoized(this: Component<P>, props: P): VNode<P> {
    this.shouldComponentUpdate = shouldComponentUpdate;
    return h(component, props) as VNode<P>;
  }
  Memoized.displayName = `Memo(${component.displayName ?? component.name})`;
  return Memoized as FunctionComponent<P>;
}
