/** What other modules may use of favourites: telling the people who saved a product what happened to it. */
export { tellPriceDrop, tellRemoved, tellSold } from './notify.js';
