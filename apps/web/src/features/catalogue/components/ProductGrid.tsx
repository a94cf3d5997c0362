import type { ProductCard as ProductCardData } from '@furniture-mart/shared';
import { CardViewerProvider } from './cardViewer';
import { ProductCard } from './ProductCard';

/** How many cards are loaded at once: the first screenful on a large screen. */
const EAGER_CARDS = 3;

interface ProductGridProps {
  products: ProductCardData[];
  headingLevel?: 2 | 3;
  /** Lazy-load every photo, e.g. for a grid that starts below the fold. */
  belowTheFold?: boolean;
}

/** 3 columns on large screens, 2 on medium, 1 on phones. */
export function ProductGrid({ products, headingLevel, belowTheFold = false }: ProductGridProps) {
  return (
    <CardViewerProvider>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              headingLevel={headingLevel}
              eager={!belowTheFold && index < EAGER_CARDS}
              // The first photo is usually the largest thing on screen: ask for it before the others.
              priority={!belowTheFold && index === 0}
            />
          </li>
        ))}
      </ul>
    </CardViewerProvider>
  );
}

export function ProductGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-box border border-base-300">
          <div className="skeleton aspect-[4/3] w-full rounded-none" />
          <div className="space-y-3 p-5">
            <div className="skeleton h-6 w-3/4" />
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-16 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
