import type { ServiceDeps } from '../../services.js';

export class UploadsService {
  constructor(private readonly deps: ServiceDeps) {}
}
