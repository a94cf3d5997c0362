import { t, type MessageKey } from '@furniture-mart/shared';
import { RichText } from '../../../components/RichText';

/** A paragraph, or a list of items, each a message of the catalogue (`blog.<post>.<block>`). */
type Block = { p: string } | { ul: string[] };

export interface BlogPost {
  id: 'react-state' | 'prototypal-inheritance' | 'unit-tests' | 'react-angular-vue';
  blocks: Block[];
}

/** Our answers to four questions developers ask us, written by the team; their words are in the catalogue. */
export const blogPosts: BlogPost[] = [
  {
    id: 'react-state',
    blocks: [
      { p: 'intro' },
      { ul: ['local', 'lifted', 'context', 'server', 'global', 'url', 'forms'] },
      { p: 'rule' },
    ],
  },
  {
    id: 'prototypal-inheritance',
    blocks: [{ p: 'intro' }, { p: 'lookup' }, { ul: ['create', 'new', 'class'] }, { p: 'why' }],
  },
  {
    id: 'unit-tests',
    blocks: [{ p: 'intro' }, { p: 'why' }, { ul: ['early', 'change', 'document', 'design'] }, { p: 'suite' }],
  },
  {
    id: 'react-angular-vue',
    blocks: [{ p: 'intro' }, { ul: ['react', 'angular', 'vue'] }, { p: 'choose' }],
  },
];

const say = (post: BlogPost, part: string) => t(`blog.${post.id}.${part}` as MessageKey);

export function blogQuestion(post: BlogPost): string {
  return say(post, 'question');
}

/** A post's answer, block by block. */
export function BlogAnswer({ post }: { post: BlogPost }) {
  return (
    <>
      {post.blocks.map((block) =>
        'p' in block ? (
          <p key={block.p}>
            <RichText text={say(post, block.p)} />
          </p>
        ) : (
          <ul key={block.ul.join()}>
            {block.ul.map((item) => (
              <li key={item}>
                <RichText text={say(post, item)} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
