import type { ProductCard } from '@furniture-mart/shared';

/**
 * The Report and Book Now buttons under a product card. The catalogue renders this; the buyer feature
 * owns what the buttons do (booking and report dialogs).
 */
export function ProductCardActions({ product }: { product: ProductCard }) {
  return (
    <div className="flex gap-2" data-product-id={product.id}>
      <button type="button" className="btn btn-outline btn-sm" disabled>
        Report
      </button>
      <button type="button" className="btn btn-primary btn-sm" disabled>
        Book Now
      </button>
    </div>
  );
}
