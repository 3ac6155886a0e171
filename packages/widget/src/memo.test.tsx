import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { memo } from './memo.js';

afterEach(cleanup);

describe('memo', () => {
  it('re-renders only when a prop changes (shallowly)', () => {
    const renders: string[] = [];
    const Item = memo(({ label }: { label: string; extra?: number }) => {
      renders.push(label);
      return <li>{label}</li>;
    });
    const List = ({ labels, extra }: { labels: string[]; extra?: number }) => (
      <ul>
        {labels.map((label) => (
          <Item key={label} label={label} {...(extra === undefined ? {} : { extra })} />
        ))}
      </ul>
    );
    const { rerender, container } = render(<List labels={['a', 'b']} />);
    expect(renders).toEqual(['a', 'b']);
    rerender(<List labels={['a', 'b']} />);
    expect(renders).toEqual(['a', 'b']);
    rerender(<List labels={['a', 'b', 'c']} />);
    expect(renders).toEqual(['a', 'b', 'c']);
    rerender(<List labels={['a', 'b', 'c']} extra={1} />);
    expect(renders).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    expect(container.textContent).toBe('abc');
  });
});
