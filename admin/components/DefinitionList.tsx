import { show } from './RecordTable';

/** Every field of a nested object as label/value pairs; nested objects become their own indented lists. */
export function DefinitionList({ value }: { value: Record<string, unknown> }) {
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <dl class="fields">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k.replace(/_/g, ' ')}</dt>
          <dd>{isRecord(v) ? <DefinitionList value={v} /> : show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
