import { DocumentTitle } from '../../../components/DocumentTitle';

interface AdminPageHeaderProps {
  title: string;
  description: string;
}

export function AdminPageHeader({ title, description }: AdminPageHeaderProps) {
  return (
    <header className="space-y-2">
      <DocumentTitle title={title} />
      <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">{title}</h1>
      <p className="max-w-2xl text-base-content/80">{description}</p>
    </header>
  );
}
