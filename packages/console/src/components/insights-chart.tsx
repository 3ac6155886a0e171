import type { InsightsDay } from '@agent-chat/protocol';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 40;
const BOTTOM = 28;
const TOP = 10;

/** A round step (1, 2 or 5 × 10ⁿ) for at most 4 intervals up to `value`, and the axis top. */
function axisScale(value: number): { step: number; maximum: number } {
  const raw = Math.max(1, value / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  return { step, maximum: Math.max(step, step * Math.ceil(value / step)) };
}

function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Questions per day as an inline SVG bar chart with labelled axes. The picture is
 * `role="img"` with a summary as its name; the same numbers are in a table under it.
 */
export function QueriesChart({ days }: { days: readonly InsightsDay[] }) {
  const total = days.reduce((sum, day) => sum + day.queries, 0);
  const busiest = days.reduce<InsightsDay | undefined>(
    (best, day) => (best === undefined || day.queries > best.queries ? day : best),
    undefined,
  );
  const { step, maximum } = axisScale(busiest?.queries ?? 0);
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, days.length);
  const ticks = Array.from({ length: Math.round(maximum / step) + 1 }, (_, index) => index * step);
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const summary =
    days.length === 0
      ? 'No days in this range.'
      : `${total} ${total === 1 ? 'question' : 'questions'} over ${days.length} days, from ${shortDate(days[0]?.date ?? '')} to ${shortDate(days.at(-1)?.date ?? '')}${
          busiest && busiest.queries > 0
            ? `; busiest day ${shortDate(busiest.date)} with ${busiest.queries}`
            : ''
        }.`;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Questions per day: ${summary}`}
        preserveAspectRatio="xMidYMid meet"
      >
        {ticks.map((tick) => {
          const y = TOP + plotHeight - (tick / maximum) * plotHeight;
          return (
            <g key={tick} class="chart-grid">
              <line x1={LEFT} x2={WIDTH - 8} y1={y} y2={y} />
              <text x={LEFT - 6} y={y + 4} text-anchor="end">
                {tick}
              </text>
            </g>
          );
        })}
        {days.map((day, index) => {
          const height = (day.queries / maximum) * plotHeight;
          const x = LEFT + index * slot;
          return (
            <g key={day.date}>
              <rect
                class="chart-bar"
                x={x + slot * 0.15}
                y={TOP + plotHeight - height}
                width={slot * 0.7}
                height={height}
              >
                <title>{`${shortDate(day.date)}: ${day.queries}`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text class="chart-label" x={x + slot / 2} y={HEIGHT - 8} text-anchor="middle">
                  {shortDate(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line
          class="chart-axis"
          x1={LEFT}
          x2={WIDTH - 8}
          y1={TOP + plotHeight}
          y2={TOP + plotHeight}
        />
      </svg>
      <figcaption>{summary}</figcaption>
      <details>
        <summary>Questions per day as a table</summary>
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Questions per day (UTC)</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Questions</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  <td>{day.queries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
