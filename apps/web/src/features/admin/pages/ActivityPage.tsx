import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function ActivityPage() {
  return <PagePlaceholder title="Activity" description="A log of every moderation action: who did what, and when." />;
}
