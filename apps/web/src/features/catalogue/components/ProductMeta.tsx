import {
  conditions,
  formatMoney,
  placeNameText,
  minorToAmountString,
  t,
  type ProductPage,
} from '@furniture-mart/shared';
import { useConfig } from '../../../lib/session';
import { conditionLabels } from './conditionLabel';

/**
 * What a shared link shows before anyone opens it, and what search engines read of a product: Open Graph
 * and Twitter card tags (title, price, first photo, description), structured data (schema.org `Product`
 * with its `Offer`), and `noindex` once it is sold (the layout gives every public page its canonical
 * address). React hoists the tags into
 * the head; the page is rendered on the server, so a crawler that runs no script reads them too.
 */
export function ProductMeta({ product }: { product: ProductPage }) {
  const config = useConfig().data;
  if (!config) return null;
  const url = new URL(`/products/${product.id}`, config.publicUrl).href;
  const photo = product.photos[0];
  const image = photo ? new URL(photo.url, config.publicUrl).href : null;
  const description = summary(product);
  const available = product.status !== 'sold';
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    productID: product.id,
    url,
    ...(product.photos.length > 0
      ? { image: product.photos.map((each) => new URL(each.url, config.publicUrl).href) }
      : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    category: product.category.title,
    offers: {
      '@type': 'Offer',
      url,
      price: minorToAmountString(product.sellingPriceCents, product.currency),
      priceCurrency: product.currency,
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: product.seller.name },
    },
  };
  return (
    <>
      <meta name="description" content={description} />
      {available ? null : <meta name="robots" content="noindex" />}
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={t('app.title')} />
      <meta property="og:title" content={product.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={image} /> : null}
      {image && photo ? <meta property="og:image:width" content={String(photo.width)} /> : null}
      {image && photo ? <meta property="og:image:height" content={String(photo.height)} /> : null}
      {image ? <meta property="og:image:alt" content={product.title} /> : null}
      <meta
        property="product:price:amount"
        content={minorToAmountString(product.sellingPriceCents, product.currency)}
      />
      <meta property="product:price:currency" content={product.currency} />
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={product.title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      <script
        type="application/ld+json"
        // Escaped so no text of a listing can close the element it travels in.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

/** One line for a preview: condition, place and price, then the start of the description. */
function summary(product: ProductPage): string {
  const line = t('productPage.shareDescription', {
    condition: conditions.includes(product.condition)
      ? conditionLabels[product.condition]
      : product.condition,
    location: placeNameText(product.placeName),
    price: formatMoney(product.sellingPriceCents, product.currency),
  });
  const text = `${line}. ${product.description.replace(/\s+/g, ' ').trim()}`;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}
