/** "3 days", "1 day", "today", "2 days late": the time left to answer a dispute, in words. */
export function daysLeftText(days: number): string {
  if (days === 0) return 'today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `${n} ${unit}` : `${n} ${unit} late`;
}
