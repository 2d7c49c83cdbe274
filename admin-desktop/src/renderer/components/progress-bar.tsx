export function ProgressBar(props: {
  value: number;
  label: string;
  tone?: 'ok' | 'bad' | 'neutral';
  small?: boolean;
}) {
  const v = Math.max(0, Math.min(100, Math.round(props.value)));
  return (
    <div
      className={`progress${props.small ? ' progress-sm' : ''} progress-${props.tone ?? 'neutral'}`}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
    >
      <div className="progress-fill" style={{ width: `${v}%` }} />
    </div>
  );
}
