import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A table row that opens a page: a click or Enter on it goes to `to` (its cells may still hold their own
 * controls, which stop the event from reaching the row).
 */
export function LinkRow(props: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <tr
      className="clickable"
      tabIndex={0}
      onClick={() => navigate(props.to)}
      onKeyDown={(e) => e.key === 'Enter' && navigate(props.to)}
    >
      {props.children}
    </tr>
  );
}
