import { LOTS_PATH } from '../../lib/routes';
import styles from './logo.module.css';

/**
 * The Lotline mark: stacked lots (crates) resting on a line, on an amber
 * tag; next to it the wordmark, set in the system font. The wordmark is real
 * text, so it scales, translates to the link's accessible name and never
 * depends on a font file.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#f59e0b" />
      <path
        d="M8 6.5V23a2.5 2.5 0 0 0 2.5 2.5H26"
        fill="none"
        stroke="#0f172a"
        strokeWidth="3.4"
        strokeLinecap="round"
      />
      <g fill="#0f172a">
        <rect x="12.5" y="16" width="6" height="5.5" rx="1" />
        <rect x="20" y="16" width="6" height="5.5" rx="1" />
        <rect x="16.25" y="9" width="6" height="5.5" rx="1" />
      </g>
    </svg>
  );
}

export function Logo() {
  return (
    <a href={LOTS_PATH} className={styles.logo}>
      <LogoMark />
      <span className={styles.word}>
        Lot<span className={styles.accent}>line</span>
      </span>
    </a>
  );
}
