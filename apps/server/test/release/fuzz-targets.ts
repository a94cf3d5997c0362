/**
 * What the fuzz suite sends to each route: the caller the route wants (so bodies reach validation), the
 * path ids, query strings and bodies it generates, and the real objects it mixes in. Each route is one
 * target; the fuzz test files run one group each, so the two test workers share the load.
 */
import fc from 'fast-check';
import {
  checklistKeys,
  conditions,
  locations,
  messageReportReasons,
  refusalReasons,
  reportReasons,
  sandboxTestCards,
} from '@furniture-mart/shared';
import type { Actor, World } from './world.js';
import { smallJpeg } from './world.js';
import {
  anyText,
  idArb,
  jsonBodyArb,
  jsonNumber,
  lean,
  longText,
  multipartArb,
  numberText,
  queryArb,
  requestArb,
  segmentArb,
  type Body,
  type FuzzRequest,
} from './fuzz.js';

export type FuzzGroup = 'public' | 'buyer' | 'seller-admin' | 'conversations';

/**
 * Real objects for the generators to mix in, made once per test file. Routes that delete or change an
 * object get a pool of their own, so an earlier route cannot use up what a later one needs.
 */
export interface Pool {
  world: World;
  image: Buffer;
  /** Available products of the seller, each booked by the buyer and reported by the other buyer. */
  products: string[];
  /** Available products nobody booked yet (for new bookings and reports). */
  fresh: string[];
  /** Products for the delete route. */
  doomedProducts: string[];
  /** The buyer's open bookings of `products`: read, paid for. */
  bookings: string[];
  /** The buyer's bookings for the delete route. */
  doomedBookings: string[];
  /** Paid orders of the seller's products (handoff, cancel-sale). */
  paidBookings: string[];
  reports: string[];
  /** Reports for the remove-the-reported-item route. */
  itemReports: string[];
  /** Failed jobs for the retry route. */
  failedJobs: string[];
  /** Photos the seller uploaded and has not used yet. */
  photos: string[];
  buyers: string[];
  sellers: string[];
  emails: string[];
  /** Conversations of the buyer with the seller: a question, and an answer with a photo. */
  conversations: { id: string; messageId: string; replyId: string; photoId: string }[];
  /** Reports of messages, for the remove-the-message route. */
  messageReports: string[];
  /** Wallet sandbox payments the buyer started (the callback and the sandbox's page). */
  walletPayments: string[];
  /** Orders of the buyer handed over with their code (reviews). */
  handedOver: string[];
  /** Orders the buyer refused at pickup (confirm-listing). */
  refusedBookings: string[];
  /** Published reviews of the seller by the buyer (reply, report, hide). */
  publishedReviews: string[];
  /** Photos the buyer uploaded for a refusal and has not used yet. */
  buyerPhotos: string[];
  /** The buyer's offers: open (held on the card) and waiting for the card. */
  offers: string[];
  pendingOffers: string[];
}

export async function createPool(world: World, size = 12): Promise<Pool> {
  const list = async (make: (i: number) => Promise<string>, n = size) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await make(i));
    return ids;
  };
  const products = await list((i) =>
    world.product(world.seller.id, { advertised: i % 2 === 0, advertisedAt: new Date() }),
  );
  const bookings = await list((i) => world.booking(products[i]!, world.buyer.id));
  const reports = await list((i) => world.report(products[i]!, world.otherBuyer.id));
  const doomedProducts = await list(() => world.product(world.seller.id));
  const doomedBookings = await list(async () => world.booking(await world.product(), world.buyer.id));
  const paidBookings = await list(async () => world.paidBooking(await world.product(), world.buyer.id));
  const itemReports = await list(async () => world.report(await world.product(), world.otherBuyer.id));
  const failedJobs = await list(() => world.failedJob());
  // Accounts for the admin's destructive actions, so the callers themselves stay.
  const buyers = [(await world.user('buyer')).id, (await world.user('buyer')).id];
  const sellers = [(await world.user('seller')).id, (await world.user('seller')).id];
  return {
    world,
    image: await smallJpeg(),
    products,
    fresh: await list(() => world.product(world.seller.id), 3 * size),
    doomedProducts,
    bookings,
    doomedBookings,
    paidBookings,
    reports,
    itemReports,
    failedJobs,
    photos: await list(() => world.photo(world.seller.id), 3 * size),
    buyers,
    sellers,
    emails: [world.buyer.email, world.seller.email, world.admin.email, world.removedBuyer.email],
    conversations: await (async () => {
      const made = [];
      for (let i = 0; i < 4; i++) made.push(await world.conversation());
      return made;
    })(),
    messageReports: await list(() => world.messageReport(), 4),
    walletPayments: await list(async () => world.walletPayment(await world.product()), 4),
    handedOver: await list(() => world.handedOver(), 4),
    refusedBookings: await list(() => world.refusedBooking(), 4),
    publishedReviews: await list(() => world.publishedReview(), 4),
    buyerPhotos: await list(() => world.photo(world.buyer.id), size),
    offers: await list(() => world.offer('open'), 6),
    pendingOffers: await list(() => world.offer('awaiting_payment'), 6),
  };
}

export interface FuzzTarget {
  group: FuzzGroup;
  method: string;
  /** As registered. */
  route: string;
  /** Who sends: an actor of the world, or `own` for a fresh account of its own (it may sign itself out). */
  as: Actor | 'own';
  arbitrary(pool: Pool): fc.Arbitrary<FuzzRequest>;
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

const readMethod = fc.constantFrom('GET', 'GET', 'GET', 'HEAD');

/** A GET route: query strings (and the path, if it has a parameter). */
function getTarget(
  group: FuzzGroup,
  route: string,
  as: FuzzTarget['as'],
  queryKeys: readonly string[] = [],
  path?: (pool: Pool) => fc.Arbitrary<string>,
): FuzzTarget {
  return {
    group,
    method: 'GET',
    route,
    as,
    arbitrary: (pool) =>
      requestArb({
        method: readMethod,
        url: fc
          .tuple(path ? path(pool) : fc.constant(route), queryArb(queryKeys))
          .map(([p, q]) => withQuery(p, q)),
        body: fc.constant({}),
      }),
  };
}

/** A route with a body: generated bodies, query strings and path. */
function writeTarget(
  group: FuzzGroup,
  method: string,
  route: string,
  as: FuzzTarget['as'],
  body: (pool: Pool) => fc.Arbitrary<Body>,
  path?: (pool: Pool) => fc.Arbitrary<string>,
): FuzzTarget {
  return {
    group,
    method,
    route,
    as,
    arbitrary: (pool) =>
      requestArb({
        method: fc.constant(method),
        url: fc.tuple(path ? path(pool) : fc.constant(route), queryArb([])).map(([p, q]) => withQuery(p, q)),
        body: body(pool),
      }),
  };
}

/** `route` with `:id` replaced by generated ids (real ones from `ids` mixed in). */
const idPath =
  (route: string, ids: (pool: Pool) => string[]) =>
  (pool: Pool): fc.Arbitrary<string> =>
    segmentArb(idArb(() => ids(pool))).map((id) => route.replace(':id', id));

const noFields = {};

// ---------- valid-looking field values (lean: mostly valid, sometimes anything) ----------

const price = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('120.50', '1,250.00', '640', '0.01', '10000000', '10000000.00', 99.99),
  },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  { weight: 2, arbitrary: numberText },
  { weight: 1, arbitrary: jsonNumber },
  { weight: 1, arbitrary: longText },
);
const phone = lean(
  fc.constantFrom('+880 1711 123456', '01711-000111', '(02) 555 0101'),
  fc.string({ maxLength: 30 }),
);
/** A listing's district and area: real ones (in some division), unknown ones, or anything. */
const placeFields = {
  district: lean(fc.constantFrom('dhaka', 'gazipur', 'chattogram'), fc.constantFrom('atlantis', '', 'Dhaka')),
  area: lean(
    fc.constantFrom('dhaka-mirpur', 'dhaka-dhanmondi', '', null),
    fc.constantFrom('kushtia-mirpur', 'nowhere'),
  ),
};
const text = (max: number) =>
  lean(fc.string({ minLength: 1, maxLength: max }).filter((t) => t.trim() !== ''));
const email = (pool: Pool) =>
  lean(
    fc.oneof(
      fc.constantFrom(...pool.emails),
      fc.emailAddress(),
      fc.constantFrom('a@b.co', 'UPPER@EXAMPLE.TEST'),
    ),
  );
/** Condition with evidence: flaw photos (the pool's, someone's unknown, not ids) and the checklist. */
const flawsArb = (pool: Pool) =>
  lean(
    fc.array(fc.record({ photoId: fc.constantFrom(...pool.photos), caption: text(140) }), { maxLength: 2 }),
    fc.oneof(
      fc.array(
        fc.record({
          photoId: idArb(() => pool.photos),
          caption: fc.option(fc.oneof(anyText, longText), { nil: undefined }),
        }),
        { maxLength: 10 },
      ),
      anyText,
    ),
  );
const checklistArb = lean(
  fc.record(Object.fromEntries(checklistKeys.map((key) => [key, fc.boolean()]))),
  fc.oneof(
    fc.record(Object.fromEntries(checklistKeys.map((key) => [key, fc.oneof(fc.boolean(), anyText)]))),
    fc.dictionary(anyText, fc.boolean()),
  ),
);

/** One of `ids` (real objects), a UUID that exists nowhere, or not an id at all. */
const uuidOr = (ids: () => string[]) => idArb(ids);
const card = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...sandboxTestCards.map((c) => c.number)) },
  { weight: 1, arbitrary: fc.constantFrom('4111 1111 1111 1111', '0000 0000 0000 0000', '4242424242424241') },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('0', '1', '4', '9', ' ', '-'), maxLength: 25 }) },
);

export const fuzzTargets: FuzzTarget[] = [
  // ---------- public ----------
  getTarget('public', '/api/health', 'anonymous'),
  getTarget('public', '/api/ready', 'anonymous'),
  getTarget('public', '/api/openapi.json', 'anonymous'),
  getTarget('public', '/api/docs', 'anonymous'),
  getTarget('public', '/api/docs/json', 'anonymous'),
  getTarget('public', '/api/docs/yaml', 'anonymous'),
  getTarget('public', '/api/docs/static/index.html', 'anonymous'),
  getTarget('public', '/api/docs/static/swagger-initializer.js', 'anonymous'),
  getTarget('public', '/api/docs/static/*', 'anonymous', [], () =>
    fc
      .oneof(
        segmentArb(anyText),
        fc.constantFrom(
          'swagger-ui.css',
          'index.css',
          '../package.json',
          '..%2F..%2Fpackage.json',
          '%2e%2e/%2e%2e/package.json',
        ),
      )
      .map((file) => `/api/docs/static/${file}`),
  ),
  {
    group: 'public',
    method: 'HEAD',
    route: '/api/docs/',
    as: 'anonymous',
    arbitrary: () =>
      requestArb({
        method: fc.constant('HEAD'),
        url: queryArb([]).map((q) => withQuery('/api/docs/', q)),
        body: fc.constant({}),
      }),
  },
  getTarget('public', '/api/config', 'anonymous'),
  getTarget('public', '/api/categories', 'anonymous'),
  getTarget('public', '/api/products/advertised', 'anonymous'),
  getTarget('public', '/api/products/sitemap', 'anonymous'),
  getTarget('public', '/media/categories/:file', 'anonymous', [], (pool) =>
    segmentArb(
      fc.oneof(
        fc.constant(`${pool.world.categorySlug}.svg`),
        anyText,
        anyText.map((t) => `${t}.svg`),
      ),
    ).map((file) => `/media/categories/${file}`),
  ),
  getTarget('public', '/media/uploads/:key', 'anonymous', [], (pool) =>
    segmentArb(
      fc.oneof(
        fc.constant(pool.world.imageKey),
        fc.uuid().map((id) => `${id}-display.webp`),
        fc.constant(`${'-'.repeat(36)}-thumb.webp`),
        anyText,
      ),
    ).map((key) => `/media/uploads/${key}`),
  ),
  writeTarget('public', 'POST', '/api/locale', 'anonymous', () =>
    jsonBodyArb({ locale: fc.constantFrom('en', 'bn', 'xx', '', 'bn-BD') }),
  ),
  writeTarget('public', 'POST', '/api/newsletter', 'anonymous', (pool) =>
    jsonBodyArb({ email: email(pool) }),
  ),
  getTarget('public', '/api/newsletter/confirm', 'anonymous', ['token']),
  getTarget('public', '/api/newsletter/unsubscribe', 'anonymous', ['token']),
  getTarget('public', '/dev/mail', 'anonymous'),
  getTarget(
    'public',
    '/dev/mail/:id',
    'anonymous',
    [],
    idPath('/dev/mail/:id', () => []),
  ),
  writeTarget('public', 'POST', '/api/auth/request-password-reset', 'anonymous', (pool) =>
    jsonBodyArb({ email: email(pool), redirectTo: fc.oneof(fc.webUrl(), anyText) }),
  ),
  writeTarget('public', 'POST', '/api/auth/reset-password', 'anonymous', () =>
    jsonBodyArb({ token: anyText, newPassword: fc.string({ maxLength: 140 }) }),
  ),
  writeTarget('public', 'POST', '/api/auth/send-verification-email', 'anonymous', (pool) =>
    jsonBodyArb({ email: email(pool), callbackURL: fc.oneof(fc.webUrl(), anyText) }),
  ),
  getTarget('public', '/api/auth/verify-email', 'anonymous', ['token', 'callbackURL']),
  writeTarget(
    'public',
    'POST',
    '/api/auth/sign-up/email',
    'anonymous',
    // Each valid sign-up hashes a password, slow on purpose: near-valid bodies are about a third.
    (pool) =>
      jsonBodyArb(
        {
          name: fc.string({ maxLength: 90 }),
          email: email(pool),
          password: fc.string({ maxLength: 140 }),
          role: fc.constantFrom('buyer', 'seller', 'admin', 'Buyer', ''),
          callbackURL: fc.oneof(fc.webUrl(), anyText),
          rememberMe: fc.oneof(fc.boolean(), anyText),
        },
        5,
      ),
  ),
  writeTarget(
    'public',
    'POST',
    '/api/auth/sign-in/email',
    'anonymous',
    // Every well-formed sign-in checks a password hash, slow on purpose: near-valid bodies are one in six.
    (pool) =>
      jsonBodyArb(
        {
          email: email(pool),
          password: fc.oneof(fc.constant('correct-horse-battery'), fc.string({ maxLength: 140 })),
          callbackURL: fc.oneof(fc.webUrl(), anyText),
          rememberMe: fc.boolean(),
        },
        2,
      ),
  ),
  writeTarget('public', 'POST', '/api/auth/sign-in/social', 'anonymous', () =>
    jsonBodyArb({
      provider: fc.constantFrom('google', 'github', 'apple', ''),
      callbackURL: fc.oneof(fc.webUrl(), anyText, fc.constantFrom('javascript:alert(1)', '//evil.example')),
      errorCallbackURL: anyText,
      newUserCallbackURL: anyText,
      disableRedirect: fc.boolean(),
    }),
  ),
  getTarget('public', '/api/auth/callback/google', 'anonymous', [
    'code',
    'state',
    'error',
    'error_description',
    'scope',
    'prompt',
    'token',
  ]),
  writeTarget('public', 'POST', '/api/auth/sign-out', 'own', () =>
    jsonBodyArb({ token: anyText, callbackURL: anyText, role: fc.constantFrom('admin', 'seller') }),
  ),
  writeTarget('public', 'POST', '/api/auth/change-password', 'own', () =>
    jsonBodyArb({
      currentPassword: fc.constantFrom('correct-horse-battery', 'wrong-password-1', ''),
      newPassword: fc.oneof(
        fc.string({ maxLength: 140 }),
        fc.constantFrom('password', '        ', '12345678'),
      ),
      revokeOtherSessions: fc.oneof(fc.boolean(), anyText),
      role: fc.constantFrom('admin', 'seller'),
      verified: fc.boolean(),
    }),
  ),

  // ---------- buyer (and the signed-in routes everyone uses) ----------
  getTarget('buyer', '/api/me', 'buyer'),
  writeTarget('buyer', 'POST', '/api/auth/update-user', 'buyer', () =>
    jsonBodyArb({
      name: text(80),
      image: fc.oneof(
        fc.webUrl(),
        fc.constant(null),
        anyText,
        fc.constantFrom('javascript:alert(1)', 'data:text/html,x'),
      ),
    }),
  ),
  getTarget(
    'buyer',
    '/api/categories/:id',
    'buyer',
    ['q', 'sort', 'minPrice', 'maxPrice', 'condition', 'location', 'district', 'area', 'fits'],
    (pool) =>
      segmentArb(
        fc.oneof(
          fc.constantFrom(pool.world.categoryId, pool.world.categorySlug),
          idArb(() => []),
        ),
      ).map((id) => `/api/categories/${id}`),
  ),
  getTarget('buyer', '/api/products', 'buyer', [
    'q',
    'sort',
    'minPrice',
    'maxPrice',
    'condition',
    'location',
    'district',
    'area',
    'category',
    'fits',
  ]),
  writeTarget('buyer', 'POST', '/api/bookings', 'buyer', (pool) =>
    jsonBodyArb({
      productId: lean(
        fc.constantFrom(...pool.fresh, ...pool.products),
        uuidOr(() => pool.products),
      ),
      phone,
      meetingLocation: text(200),
    }),
  ),
  // ---------- trust: refusal at pickup, reviews (issue 41) ----------
  writeTarget(
    'buyer',
    'POST',
    '/api/bookings/:id/refuse',
    'buyer',
    (pool) =>
      jsonBodyArb({
        reason: lean(fc.constantFrom(...refusalReasons), fc.constantFrom('', 'broken', 'DAMAGED')),
        details: lean(fc.string({ minLength: 10, maxLength: 1000 }), fc.oneof(anyText, longText)),
        photoIds: lean(
          fc.subarray(pool.buyerPhotos, { minLength: 1, maxLength: 4 }),
          fc.array(
            idArb(() => [...pool.buyerPhotos, ...pool.photos]),
            { maxLength: 6 },
          ),
        ),
      }),
    idPath('/api/bookings/:id/refuse', (pool) => [...pool.paidBookings, ...pool.bookings]),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/bookings/:id/review',
    'buyer',
    () =>
      jsonBodyArb({
        rating: lean(fc.integer({ min: 1, max: 5 }), fc.oneof(jsonNumber, numberText, fc.integer())),
        text: lean(fc.string({ minLength: 10, maxLength: 1000 }), fc.oneof(anyText, longText)),
      }),
    idPath('/api/bookings/:id/review', (pool) => [...pool.handedOver, ...pool.paidBookings]),
  ),
  getTarget('buyer', '/api/sellers/:id/reviews', 'anonymous', [], (pool) =>
    segmentArb(idArb(() => [pool.world.seller.id, pool.world.buyer.id])).map(
      (id) => `/api/sellers/${id}/reviews`,
    ),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/reviews/:id/report',
    'otherBuyer',
    () =>
      jsonBodyArb({
        reason: lean(fc.constantFrom(...messageReportReasons), fc.constantFrom(...reportReasons, 'rude')),
        details: text(1100),
      }),
    idPath('/api/reviews/:id/report', (pool) => pool.publishedReviews),
  ),
  getTarget('buyer', '/api/my/bookings', 'buyer'),
  getTarget(
    'buyer',
    '/api/products/:id',
    'buyer',
    [],
    idPath('/api/products/:id', (pool) => pool.products),
  ),
  getTarget('buyer', '/api/sellers/:id', 'buyer', [], (pool) =>
    segmentArb(idArb(() => [pool.world.seller.id, pool.world.buyer.id])).map((id) => `/api/sellers/${id}`),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/favourites/:productId',
    'buyer',
    () => jsonBodyArb({ userId: anyText, favourite: fc.boolean() }),
    (pool) => segmentArb(idArb(() => pool.products)).map((id) => `/api/favourites/${id}`),
  ),
  writeTarget(
    'buyer',
    'DELETE',
    '/api/favourites/:productId',
    'buyer',
    () => jsonBodyArb(noFields, 1),
    (pool) => segmentArb(idArb(() => pool.products)).map((id) => `/api/favourites/${id}`),
  ),
  getTarget('buyer', '/api/my/favourites', 'buyer', []),
  getTarget('buyer', '/api/my/notices', 'buyer', []),
  getTarget('buyer', '/api/my/home', 'buyer', []),
  writeTarget('buyer', 'PUT', '/api/my/home', 'buyer', () =>
    jsonBodyArb({
      openings: lean(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('door'),
              name: text(60),
              widthMm: fc.integer({ min: 1, max: 5000 }),
              heightMm: fc.integer({ min: 1, max: 5000 }),
            }),
            fc.record({
              kind: fc.constant('stairs'),
              name: text(60),
              widthMm: fc.integer({ min: 1, max: 5000 }),
              heightMm: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
            }),
            fc.record({
              kind: fc.constant('lift'),
              name: text(60),
              widthMm: numberText,
              heightMm: fc.integer({ min: 1, max: 5000 }),
              depthMm: fc.integer({ min: -1, max: 5001 }),
            }),
          ),
          { maxLength: 10 },
        ),
        fc.array(fc.record({ kind: anyText, name: anyText, widthMm: numberText }), { maxLength: 12 }),
      ),
    }),
  ),
  getTarget(
    'buyer',
    '/api/bookings/:id',
    'buyer',
    [],
    idPath('/api/bookings/:id', (pool) => pool.bookings),
  ),
  writeTarget(
    'buyer',
    'DELETE',
    '/api/bookings/:id',
    'buyer',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/bookings/:id', (pool) => pool.doomedBookings),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/bookings/:id/checkout',
    'buyer',
    () =>
      jsonBodyArb({
        method: lean(
          fc.constantFrom('card', 'wallet', 'cash'),
          fc.constantFrom('CARD', 'bkash', '', 'cheque'),
        ),
        amount: price,
        amountCents: price,
        currency: anyText,
        productId: fc.uuid(),
      }),
    idPath('/api/bookings/:id/checkout', (pool) => pool.bookings),
  ),
  getTarget('buyer', '/api/payments/wallet/callback', 'buyer', ['paymentID', 'status', 'signature']),
  getTarget('buyer', '/api/payments/wallet/sandbox/:paymentId', 'buyer', [], (pool) =>
    segmentArb(idArb(() => pool.walletPayments)).map((id) =>
      '/api/payments/wallet/sandbox/:paymentId'.replace(':paymentId', id),
    ),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/payments/wallet/sandbox/:paymentId',
    'buyer',
    () =>
      jsonBodyArb({
        decision: lean(fc.constantFrom('approve', 'cancel'), fc.constantFrom('yes', '', 'APPROVE')),
        wallet: lean(fc.constantFrom('01711000000', '০১৭১১০০০০০০', '0171'), fc.string({ maxLength: 30 })),
        pin: lean(fc.constantFrom('12121', '11111', '99999', '১২১২১'), fc.string({ maxLength: 10 })),
      }),
    (pool) =>
      segmentArb(idArb(() => pool.walletPayments)).map((id) =>
        '/api/payments/wallet/sandbox/:paymentId'.replace(':paymentId', id),
      ),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/bookings/:id/checkout/confirm',
    'buyer',
    () =>
      jsonBodyArb({
        cardNumber: card,
        expiry: lean(fc.constantFrom('12/40', '01/2030', '13/40', '00/00', '12/20', '1/40', '12 / 2099')),
        cvc: lean(fc.constantFrom('123', '1234', '12')),
        name: text(100),
      }),
    idPath('/api/bookings/:id/checkout/confirm', (pool) => pool.bookings),
  ),
  // ---------- offers ----------
  writeTarget(
    'buyer',
    'POST',
    '/api/products/:id/offers',
    'buyer',
    () => jsonBodyArb({ amount: price, buyerId: fc.uuid(), status: anyText, amountCents: price }),
    idPath('/api/products/:id/offers', (pool) => pool.fresh),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/checkout',
    'buyer',
    () => jsonBodyArb({ amount: price, amountCents: price, currency: anyText }),
    idPath('/api/offers/:id/checkout', (pool) => pool.pendingOffers),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/checkout/confirm',
    'buyer',
    () =>
      jsonBodyArb({
        cardNumber: card,
        expiry: lean(fc.constantFrom('12/40', '13/40', '00/00', '12/20')),
        cvc: lean(fc.constantFrom('123', '1234', '12')),
        name: text(100),
      }),
    idPath('/api/offers/:id/checkout/confirm', (pool) => pool.pendingOffers),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/accept',
    'seller',
    () => jsonBodyArb({ amountCents: price, status: anyText }),
    idPath('/api/offers/:id/accept', (pool) => pool.offers),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/decline',
    'seller',
    () => jsonBodyArb({ reason: text(400) }),
    idPath('/api/offers/:id/decline', (pool) => pool.offers),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/counter',
    'seller',
    () => jsonBodyArb({ amount: price }),
    idPath('/api/offers/:id/counter', (pool) => pool.offers),
  ),
  writeTarget(
    'buyer',
    'POST',
    '/api/offers/:id/withdraw',
    'buyer',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/offers/:id/withdraw', (pool) => pool.offers),
  ),
  getTarget('buyer', '/api/my/offers', 'buyer', ['role']),
  getTarget(
    'buyer',
    '/api/offers/:id',
    'seller',
    [],
    idPath('/api/offers/:id', (pool) => pool.offers),
  ),
  writeTarget('buyer', 'POST', '/api/payments/stripe/webhook', 'anonymous', () =>
    jsonBodyArb({
      id: anyText,
      type: fc.constantFrom(
        'payment_intent.succeeded',
        'payment_intent.amount_capturable_updated',
        'charge.refunded',
      ),
      data: fc.record({
        object: fc.record({ id: anyText, object: fc.constant('payment_intent'), amount: jsonNumber }),
      }),
    }),
  ),
  writeTarget('buyer', 'POST', '/api/reports', 'buyer', (pool) =>
    jsonBodyArb({
      productId: lean(
        fc.constantFrom(...pool.fresh),
        uuidOr(() => pool.products),
      ),
      reason: lean(fc.constantFrom(...reportReasons), fc.constantFrom('spam', '', 'SCAM')),
      details: lean(fc.option(fc.string({ maxLength: 1000 }), { nil: undefined }), longText),
    }),
  ),

  // ---------- seller ----------
  writeTarget('seller-admin', 'POST', '/api/uploads/images', 'seller', (pool) => multipartArb(pool.image)),
  writeTarget('seller-admin', 'POST', '/api/products', 'seller', (pool) =>
    jsonBodyArb({
      title: text(120),
      phone,
      originalPrice: price,
      sellingPrice: price,
      yearsUsed: lean(
        fc.integer({ min: 0, max: 100 }),
        fc.oneof(fc.integer({ min: -5, max: 120 }), numberText, jsonNumber),
      ),
      description: lean(fc.string({ minLength: 1, maxLength: 200 }), fc.oneof(anyText, longText)),
      location: lean(fc.constantFrom(...locations), fc.constantFrom('Paris', 'dhaka', '')),
      ...placeFields,
      condition: lean(fc.constantFrom(...conditions), fc.constantFrom('new', '', 'GOOD')),
      categoryId: lean(
        fc.constant(pool.world.categoryId),
        idArb(() => []),
      ),
      photoIds: lean(
        fc.subarray(pool.photos, { minLength: 1, maxLength: 3 }),
        fc.oneof(
          fc.array(
            idArb(() => pool.photos),
            { maxLength: 10 },
          ),
          fc.nat().map((n) => [pool.photos[n % pool.photos.length]!, pool.photos[n % pool.photos.length]!]),
        ),
      ),
      dimensions: lean(
        fc.record({
          unit: fc.constantFrom('cm', 'in'),
          width: fc.integer({ min: 1, max: 190 }),
          depth: fc.constantFrom('45', ' 90 ', '30.5'),
          height: fc.integer({ min: 1, max: 190 }),
          comesApart: fc.option(fc.boolean(), { nil: undefined }),
          weightKg: fc.option(fc.constantFrom('12.5', '', 40), { nil: undefined }),
        }),
        fc.oneof(
          fc.constant(null),
          fc.record({
            unit: fc.oneof(fc.constantFrom('cm', 'in', 'mm', 'ft'), anyText),
            width: fc.oneof(fc.integer({ min: -1, max: 6000 }), numberText),
            depth: numberText,
            height: fc.option(numberText, { nil: undefined }),
            weightKg: fc.option(fc.oneof(fc.integer({ min: -1, max: 600 }), numberText), { nil: undefined }),
          }),
        ),
      ),
      flaws: flawsArb(pool),
      checklist: checklistArb,
    }),
  ),
  getTarget('seller-admin', '/api/my/products', 'seller'),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/products/:id/advertise',
    'seller',
    () => jsonBodyArb({ advertised: fc.boolean(), status: anyText, price }),
    idPath('/api/products/:id/advertise', (pool) => pool.products),
  ),
  writeTarget(
    'seller-admin',
    'PATCH',
    '/api/products/:id',
    'seller',
    (pool) =>
      jsonBodyArb({
        title: text(120),
        sellingPrice: price,
        originalPrice: price,
        yearsUsed: lean(fc.integer({ min: 0, max: 100 }), fc.oneof(numberText, jsonNumber)),
        location: lean(fc.constantFrom(...locations), fc.constantFrom('Paris', '')),
        ...placeFields,
        condition: lean(fc.constantFrom(...conditions), fc.constantFrom('new', '')),
        categoryId: lean(
          fc.constant(pool.world.categoryId),
          idArb(() => []),
        ),
        photoIds: lean(
          fc.subarray(pool.photos, { minLength: 1, maxLength: 3 }),
          fc.array(
            idArb(() => pool.photos),
            { maxLength: 10 },
          ),
        ),
        heightCm: fc.option(lean(fc.constantFrom('45', ' 90 ', ''), numberText), { nil: undefined }),
        flaws: fc.option(flawsArb(pool), { nil: undefined }),
        checklist: fc.option(checklistArb, { nil: undefined }),
      }),
    idPath('/api/products/:id', (pool) => pool.products),
  ),
  writeTarget(
    'seller-admin',
    'DELETE',
    '/api/products/:id',
    'seller',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/products/:id', (pool) => pool.doomedProducts),
  ),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/bookings/:id/handoff',
    'seller',
    () => jsonBodyArb({ code: lean(fc.constantFrom('123456', '000000', '12345', '1234567'), anyText) }),
    idPath('/api/bookings/:id/handoff', (pool) => pool.paidBookings),
  ),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/bookings/:id/cancel-sale',
    'seller',
    () => jsonBodyArb({ reason: text(400) }),
    idPath('/api/bookings/:id/cancel-sale', (pool) => pool.paidBookings),
  ),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/bookings/:id/confirm-listing',
    'seller',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/bookings/:id/confirm-listing', (pool) => [...pool.refusedBookings, ...pool.paidBookings]),
  ),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/reviews/:id/reply',
    'seller',
    () =>
      jsonBodyArb({ text: lean(fc.string({ minLength: 1, maxLength: 1000 }), fc.oneof(anyText, longText)) }),
    idPath('/api/reviews/:id/reply', (pool) => pool.publishedReviews),
  ),
  getTarget('seller-admin', '/api/admin/reviews/reported', 'admin'),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/admin/reviews/:id/hide',
    'admin',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/admin/reviews/:id/hide', (pool) => pool.publishedReviews),
  ),
  getTarget('seller-admin', '/api/my/overview', 'seller'),
  getTarget('seller-admin', '/api/admin/refunds', 'admin'),
  getTarget(
    'seller-admin',
    '/api/products/:id/bookings',
    'seller',
    [],
    idPath('/api/products/:id/bookings', (pool) => pool.products),
  ),

  // ---------- admin ----------
  getTarget('seller-admin', '/api/admin/buyers', 'admin', ['q']),
  getTarget('seller-admin', '/api/admin/sellers', 'admin', ['q']),
  getTarget('seller-admin', '/api/admin/reports', 'admin'),
  getTarget('seller-admin', '/api/admin/audit', 'admin'),
  getTarget('seller-admin', '/api/admin/jobs', 'admin'),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/admin/jobs/:id/retry',
    'admin',
    () => jsonBodyArb({ status: fc.constantFrom('sent', 'failed'), attempts: fc.integer() }),
    idPath('/api/admin/jobs/:id/retry', (pool) => pool.failedJobs),
  ),
  writeTarget(
    'seller-admin',
    'DELETE',
    '/api/admin/users/:id',
    'admin',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/admin/users/:id', (pool) => [...pool.buyers, pool.world.admin.id]),
  ),
  writeTarget(
    'seller-admin',
    'POST',
    '/api/admin/sellers/:id/verify',
    'admin',
    () => jsonBodyArb({ verified: fc.boolean(), role: fc.constantFrom('admin', 'buyer') }),
    idPath('/api/admin/sellers/:id/verify', (pool) => [...pool.sellers, pool.world.buyer.id]),
  ),
  writeTarget(
    'seller-admin',
    'DELETE',
    '/api/admin/reports/:id',
    'admin',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/admin/reports/:id', (pool) => pool.reports),
  ),
  writeTarget(
    'seller-admin',
    'DELETE',
    '/api/admin/reports/:id/product',
    'admin',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/admin/reports/:id/product', (pool) => pool.itemReports),
  ),
  // ---------- conversations ----------
  // The event stream as a visitor only: a stream that is accepted never ends, so what a signed-in
  // person sends it is tried by its own tests (modules/conversations/live-events.test.ts).
  getTarget('conversations', '/api/my/events', 'anonymous', ['lastEventId']),
  writeTarget(
    'conversations',
    'POST',
    '/api/products/:id/conversations',
    'buyer',
    () => jsonBodyArb({ body: text(2100) }),
    idPath('/api/products/:id/conversations', (pool) => pool.fresh),
  ),
  getTarget('conversations', '/api/my/conversations', 'buyer', ['productId']),
  getTarget('conversations', '/api/my/unread', 'seller'),
  getTarget('conversations', '/api/my/message-mail', 'buyer'),
  writeTarget('conversations', 'PUT', '/api/my/message-mail', 'buyer', () =>
    jsonBodyArb({ enabled: lean(fc.boolean(), fc.constantFrom('yes', 1, null)) }),
  ),
  getTarget(
    'conversations',
    '/api/conversations/:id',
    'buyer',
    [],
    idPath('/api/conversations/:id', (pool) => pool.conversations.map((c) => c.id)),
  ),
  getTarget(
    'conversations',
    '/api/conversations/:id/messages',
    'seller',
    ['after', 'before'],
    idPath('/api/conversations/:id/messages', (pool) => pool.conversations.map((c) => c.id)),
  ),
  writeTarget(
    'conversations',
    'POST',
    '/api/conversations/:id/messages',
    'seller',
    (pool) =>
      jsonBodyArb({
        body: text(2100),
        photoIds: fc.array(
          uuidOr(() => pool.conversations.map((c) => c.photoId)),
          { maxLength: 6 },
        ),
      }),
    idPath('/api/conversations/:id/messages', (pool) => pool.conversations.map((c) => c.id)),
  ),
  writeTarget(
    'conversations',
    'POST',
    '/api/conversations/:id/read',
    'buyer',
    (pool) => jsonBodyArb({ upTo: uuidOr(() => pool.conversations.map((c) => c.replyId)) }),
    idPath('/api/conversations/:id/read', (pool) => pool.conversations.map((c) => c.id)),
  ),
  ...(['POST', 'DELETE'] as const).map((method) =>
    writeTarget(
      'conversations',
      method,
      '/api/conversations/:id/block',
      'buyer',
      () => jsonBodyArb({ blocked: fc.boolean(), userId: fc.uuid() }, 1),
      idPath('/api/conversations/:id/block', (pool) => pool.conversations.map((c) => c.id)),
    ),
  ),
  writeTarget(
    'conversations',
    'POST',
    '/api/conversations/:id/photos',
    'buyer',
    (pool) => multipartArb(pool.image),
    idPath('/api/conversations/:id/photos', (pool) => pool.conversations.map((c) => c.id)),
  ),
  getTarget('conversations', '/api/conversations/:id/photos/:photoId', 'buyer', ['size'], (pool) =>
    fc
      .tuple(
        segmentArb(idArb(() => pool.conversations.map((c) => c.id))),
        segmentArb(idArb(() => pool.conversations.map((c) => c.photoId))),
      )
      .map(([id, photoId]) => `/api/conversations/${id}/photos/${photoId}`),
  ),
  writeTarget(
    'conversations',
    'POST',
    '/api/messages/:id/report',
    'buyer',
    () =>
      jsonBodyArb({
        reason: lean(fc.constantFrom(...messageReportReasons), fc.constantFrom(...reportReasons, 'rude')),
        details: text(1100),
      }),
    idPath('/api/messages/:id/report', (pool) => pool.conversations.map((c) => c.replyId)),
  ),
  writeTarget(
    'conversations',
    'DELETE',
    '/api/admin/reports/:id/message',
    'admin',
    () => jsonBodyArb(noFields, 1),
    idPath('/api/admin/reports/:id/message', (pool) => [...pool.messageReports, ...pool.itemReports]),
  ),
];
