// The shared 'react-router-dom' entry: the shared 'react-router' one plus the DOM RouterProvider.
export * from 'react-router';
export { RouterProvider } from 'newsdesk-react-router-dist/dom-export';
