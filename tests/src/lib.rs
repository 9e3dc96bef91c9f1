//! See tests/ for the end-to-end suites.
