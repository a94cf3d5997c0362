/** What other modules may use of categories: the service that reads them (by id or slug). */
export { CategoriesService } from './categories.service.js';
