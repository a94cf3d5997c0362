interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
}

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
