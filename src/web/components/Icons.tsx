// Small inline icons (SVG, so they render the same everywhere, emoji fonts or not).
interface IconProps {
  title?: string;
  className?: string;
}

function a11y(title: string | undefined) {
  return title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true };
}

export function BellIcon({ title, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      className={className}
      {...a11y(title)}
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/** A decorative line icon on the 24-unit grid, drawn in the text colour. */
function StrokeIcon({
  size,
  strokeWidth,
  d,
  className,
}: {
  size: number;
  strokeWidth: number;
  d: string;
  className?: string | undefined;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      aria-hidden
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        d={d}
      />
    </svg>
  );
}

export function ChevronIcon({ direction, className }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <StrokeIcon
      size={18}
      strokeWidth={2.5}
      className={className}
      d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
    />
  );
}

/** Three lines: the category bar's list button. */
export function ListIcon({ className }: IconProps) {
  return <StrokeIcon size={20} strokeWidth={2} className={className} d="M4 6h16M4 12h16M4 18h16" />;
}
