import type { ServiceDeps } from '../../services.js';

export class CatalogueService {
  constructor(private readonly deps: ServiceDeps) {}
}
