//! Building positions directly for rule tests (interim).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
