import type { Conversation } from '@furniture-mart/shared';

/** The product's cover beside a conversation, dimmed once the piece is no longer on sale. */
export function ProductThumb({
  product,
  size = 'md',
}: {
  product: Conversation['product'];
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-16 w-16 sm:h-20 sm:w-20' : 'h-14 w-14';
  if (!product.photo)
    return <span className={`${box} shrink-0 rounded-field bg-base-200`} aria-hidden="true" />;
  return (
    <img
      src={product.photo.thumbUrl}
      width={product.photo.thumbWidth}
      height={product.photo.thumbHeight}
      alt=""
      loading="lazy"
      className={`${box} shrink-0 rounded-field object-cover ${product.status === 'available' ? '' : 'opacity-60 grayscale'}`}
    />
  );
}

/** Sold, being paid for or removed, in words; nothing while it is for sale. */
export function productStatusKey(status: Conversation['product']['status']) {
  if (status === 'available') return null;
  if (status === 'removed') return 'chat.productRemoved' as const;
  return `productStatus.${status}` as const;
}
