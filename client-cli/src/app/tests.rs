//! Model and screen tests.
