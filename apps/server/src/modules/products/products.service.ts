import type { ServiceDeps } from '../../services.js';

export class ProductsService {
  constructor(private readonly deps: ServiceDeps) {}
}
