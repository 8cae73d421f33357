//! The checks with re-roll (interim).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
