import type { ReactNode } from 'react';

export interface BlogPost {
  id: string;
  question: string;
  answer: ReactNode;
}

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em]">{children}</code>
);

/** Our answers to four questions developers ask us, written by the team. */
export const blogPosts: BlogPost[] = [
  {
    id: 'react-state',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <p>
          State is any data that changes over time and changes what the screen shows. The right tool depends
          on who needs the data and where it comes from, so most applications combine several of these:
        </p>
        <ul>
          <li>
            <strong>Local component state</strong> with <Code>useState</Code> or, for several values that
            change together, <Code>useReducer</Code>. This is the default: keep state in the lowest component
            that needs it.
          </li>
          <li>
            <strong>Lifted state</strong>: when two siblings need the same value, move it up to their nearest
            common parent and pass it down as props, together with a function to change it.
          </li>
          <li>
            <strong>Context</strong> (<Code>createContext</Code> and <Code>useContext</Code>) shares a value
            with a whole subtree without passing props through every level. It suits values that change
            rarely, such as the signed-in user, the theme or the language.
          </li>
          <li>
            <strong>Server state libraries</strong> such as TanStack Query, SWR or RTK Query fetch, cache and
            refresh data that really lives on a server, including loading and error states, retries and
            invalidation.
          </li>
          <li>
            <strong>Global stores</strong> such as Redux Toolkit, Zustand, Jotai or MobX hold client state
            that many distant components read and write, with tools for predictable updates and debugging.
          </li>
          <li>
            <strong>The URL</strong>: filters, search words and the current page belong in the address (read
            with the router&apos;s search parameters), so a view can be bookmarked, shared and restored with
            the back button.
          </li>
          <li>
            <strong>Form state</strong> is often best left to a form library such as React Hook Form, which
            tracks values, validation and submission without re-rendering the whole form on every key press.
          </li>
        </ul>
        <p>
          A good rule of thumb: start local, lift when needed, keep server data in a server-state cache, and
          reach for a global store only for client state that truly is global.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          In JavaScript, objects inherit directly from other objects. Every object has an internal link,
          called its prototype (<Code>[[Prototype]]</Code>, readable with{' '}
          <Code>Object.getPrototypeOf(obj)</Code>), to another object or to <Code>null</Code>.
        </p>
        <p>
          When you read a property, the engine first looks on the object itself. If it is not there, it
          follows the prototype link and looks there, and so on up the <em>prototype chain</em> until it finds
          the property or reaches <Code>null</Code>, in which case the result is <Code>undefined</Code>.
          Writing a property, by contrast, creates or changes it on the object itself and leaves the prototype
          untouched.
        </p>
        <ul>
          <li>
            <Code>Object.create(proto)</Code> makes a new object whose prototype is <Code>proto</Code>.
          </li>
          <li>
            A function called with <Code>new</Code> creates an object whose prototype is the function&apos;s{' '}
            <Code>prototype</Code> property; that is how methods defined once are shared by every instance.
          </li>
          <li>
            The <Code>class</Code> and <Code>extends</Code> keywords are a clearer syntax over the same
            mechanism:
            <Code>class Sofa extends Furniture</Code> links <Code>Sofa.prototype</Code> to{' '}
            <Code>Furniture.prototype</Code>.
          </li>
        </ul>
        <p>
          Because methods live once on the prototype instead of on every object, memory is saved, and a method
          added to a prototype is immediately available to all objects that inherit from it. Use{' '}
          <Code>Object.hasOwn(obj, key)</Code> to tell an object&apos;s own properties from inherited ones.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test, and why should we write unit tests?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code, such as a function, a class or a component, in
          isolation: it sets up an input, runs the code and asserts that the result is what we expect. Good
          unit tests are fast, independent of each other and of the network, and give the same result every
          time.
        </p>
        <p>Why they are worth writing:</p>
        <ul>
          <li>
            <strong>They catch bugs early</strong>, while the change is fresh in your mind and cheap to fix,
            long before a customer finds them.
          </li>
          <li>
            <strong>They make change safe.</strong> With a good suite you can refactor or upgrade a library
            and know within seconds whether behaviour changed.
          </li>
          <li>
            <strong>They document behaviour.</strong> A test shows exactly how code is meant to be used and
            what it does with edge cases such as empty input, zero or a missing value.
          </li>
          <li>
            <strong>They improve design.</strong> Code that is easy to test tends to have clear inputs and
            outputs and few hidden dependencies.
          </li>
        </ul>
        <p>
          Unit tests do not replace integration and end-to-end tests, which check that the pieces work
          together, but they are the fast, broad base of a healthy test suite. Tools such as Vitest and Jest
          run them in JavaScript projects; React Testing Library helps test components the way a user would
          use them.
        </p>
      </>
    ),
  },
  {
    id: 'react-angular-vue',
    question: 'React vs. Angular vs. Vue: how do they compare?',
    answer: (
      <>
        <p>All three build interactive web interfaces from components, but they differ in scope and style:</p>
        <ul>
          <li>
            <strong>React</strong> (from Meta) is a library for building user interfaces. Components are
            JavaScript functions that return JSX, and data flows one way, from parent to child. Routing, data
            fetching and forms come from separate libraries or from frameworks built on React such as Next.js
            or React Router. It has the largest ecosystem and job market, and leaves many choices to the team.
          </li>
          <li>
            <strong>Angular</strong> (from Google) is a complete framework written in TypeScript. It includes
            routing, forms, an HTTP client, dependency injection and a command-line tool, with strong
            conventions for structure. Templates are HTML with Angular syntax, and reactivity is built on
            signals and RxJS. It suits large teams that value consistency, at the cost of a steeper learning
            curve.
          </li>
          <li>
            <strong>Vue</strong> (created by Evan You, community-driven) is a progressive framework: you can
            add it to one page or build a full application with its official router and Pinia store.
            Single-file components keep template, logic and styles together, and its reactivity system tracks
            dependencies automatically. It is often considered the easiest of the three to learn.
          </li>
        </ul>
        <p>
          In performance all three are fast enough for almost any application. Choose by your team&apos;s
          experience, the size of the project, and how much structure you want the framework to decide for
          you: Angular for a batteries-included standard, React for flexibility and ecosystem, Vue for a
          gentle learning curve with official solutions for the common needs.
        </p>
      </>
    ),
  },
];
