/**
 * What other modules may use of reviews: the reviews of one order as its sides may read them, a
 * person's rating and a seller's reputation.
 */
export { bookingReviews, ratingOfPerson, reputationOf, reviewsOfBuyer } from './reviews.queries.js';
