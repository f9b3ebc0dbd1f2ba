/** Progress of a long run, as a native <progress> (its width needs no inline style) and as words. */
export function ProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div class="progress" role="status">
      <progress value={done} max={Math.max(total, 1)} aria-label={label} />
      <span>
        {label}: {done} of {total}
      </span>
    </div>
  );
}
