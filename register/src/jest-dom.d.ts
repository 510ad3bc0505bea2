// Brings the jest-dom matchers (toBeInTheDocument, toBeDisabled…) into the component tests' types.
/// <reference types="@testing-library/jest-dom" />
