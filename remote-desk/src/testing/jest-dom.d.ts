// jest-dom matchers (toBeInTheDocument, …) for the type checker; jest.setup.frontend.ts installs them.
/// <reference types="@testing-library/jest-dom" />
