import type { ReactNode } from 'react';
import { webMessages } from '@furniture-mart/shared';
import { DocumentTitle } from './DocumentTitle';

interface PagePlaceholderProps {
  title: string;
  /** One sentence on what this page will offer. */
  description: string;
  children?: ReactNode;
}

/** Marks a page whose feature is not built yet, honestly and without pretending to work. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  return (
    <section className="space-y-6">
      <DocumentTitle title={title} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">{title}</h1>
        <p className="max-w-2xl text-base-content/80">{description}</p>
      </header>
      {children}
      <div className="rounded-box border-2 border-dashed border-base-300 bg-base-200/50 p-8 text-center text-base-content/75">
        {webMessages.comingSoon}
      </div>
    </section>
  );
}
