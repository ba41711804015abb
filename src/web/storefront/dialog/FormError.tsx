// A form's or a field's error, announced when it appears (nothing when there is none).
export function FormError({
  message,
  className = 'checkout-error',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  return message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null;
}
