/// An error's text as an article prints it. The articles declare their example types at the top
/// level, as a reader writes them, so messages name them unqualified (`GuestBook.store`); here each
/// article's types are nested in a namespace (`GettingStartedExamples`) so that articles can reuse
/// names, and messages qualify them (`GettingStartedExamples.GuestBook.store`). The namespace is
/// all this removes.
func withoutArticleNamespaces(_ text: String) -> String {
    text.replacing(/\b[A-Z][A-Za-z]*Examples\./, with: "")
}
