import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/DocumentTitle';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <div className="page-container flex justify-center">
      <DocumentTitle title={title} />
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <header className="space-y-1 text-center">
            <h1 className="font-display text-3xl font-bold">{title}</h1>
            <p className="text-base-content/75">{subtitle}</p>
          </header>
          {children}
        </div>
      </section>
    </div>
  );
}
