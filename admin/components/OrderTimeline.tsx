import type { TimelineEntry } from '../api/client';
import { timelineText } from '../orderStory';
import { DateTime } from './DateTime';

/** The order's story, oldest first, one sentence a line (admin/orderStory.ts), each with its time. */
export function OrderTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0) return <p>Nothing happened yet.</p>;
  return (
    <ol class="timeline" aria-label="Timeline">
      {entries.map((e, i) => (
        <li key={i}>
          <DateTime iso={e.at} /> <span class="timeline-text">{timelineText(e)}</span>
        </li>
      ))}
    </ol>
  );
}
