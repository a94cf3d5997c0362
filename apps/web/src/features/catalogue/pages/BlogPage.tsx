import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function BlogPage() {
  return (
    <div className="page-container">
      <PagePlaceholder
        title="Our Blog"
        description="Answers to common questions from our team, and the partners who help us bring furniture to new homes."
      />
    </div>
  );
}
