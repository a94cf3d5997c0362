/** The word the specification shows for a verified seller, with a check mark. */
export function VerifiedBadge() {
  return (
    <span className="badge badge-success badge-soft gap-1 font-semibold">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      verified
    </span>
  );
}
