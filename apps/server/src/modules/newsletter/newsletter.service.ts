import type { ServiceDeps } from '../../services.js';

export class NewsletterService {
  constructor(private readonly deps: ServiceDeps) {}
}
