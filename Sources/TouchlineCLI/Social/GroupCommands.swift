import ArgumentParser
import Club
import Foundation

/// `touchline group`: groups, their members and their page.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group",
        abstract: "Create and run groups: a squad, a riding club, the parents of the under-12s.",
        discussion: """
            A group is open (anyone joins), takes requests (an owner or admin approves) or is by \
            invitation only. Roles are owner, admin and member. Anyone sees a group's card; its \
            members, posts and events are for its members. Groups are named by name, ignoring case.

            Examples:
              touchline group create 'Under-12 parents' --policy request \\
                --description 'Lifts and kit'
              touchline group join 'under-12 parents' --as bob
              touchline group approve 'Under-12 parents' bob
              touchline group show 'Under-12 parents' --json
            """,
        subcommands: [Create.self, Show.self, List.self, Edit.self, Join.self, Leave.self, Invite.self, Approve.self,
                      Remove.self, Role.self, Transfer.self, Members.self, Posts.self, Events.self, Delete.self]
    )

    static func printCard(_ group: GroupInfo) {
        Output.fields([("group", group.name), ("owner", group.owner), ("joining", group.joinPolicy.rawValue),
                       ("members", String(group.members)), ("you", group.role?.rawValue ?? "not in it")]
                      + (group.description.map { [("about", $0)] } ?? []))
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a group; you own it.")
        @Argument(help: "Its name, unique ignoring case (at most 100 characters).") var name: String
        @Option(help: "What it is for (at most 2000 characters).") var description: String?
        @Option(help: "How people join: open, request or invite.") var policy: JoinPolicy = .request
        @Option(help: ArgumentHelp("An avatar, PNG or JPEG (at most 2 MiB).", valueName: "file")) var avatar: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let picture = try avatar.map(Files.read)
            let (store, actor) = try club.session()
            let group = try Groups(store: store).create(actor, name: name, description: description, policy: policy,
                                                        avatar: picture)
            if output.json { return try Output.json(group) }
            print("created group \(group.name) (\(group.joinPolicy.rawValue))")
        }
    }

    /// `group show --json`: the card, and for a member the first page of members, posts and
    /// upcoming events.
    struct Page: Encodable {
        var group: GroupInfo
        var members: ListPage<GroupMemberEntry>?
        var posts: ListPage<Post>?
        var events: ListPage<Event>?
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a group's card and, to its members, its members, latest posts and upcoming events.")
        @Argument(help: "The group.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let group = try Groups(store: store).show(viewer, .name(name))
            var page = Page(group: group)
            if group.role?.isMember == true {
                page.members = try Groups(store: store).members(viewer, .name(name))
                page.posts = try Club.Posts(store: store).groupPosts(viewer, .name(name))
                page.events = try Club.Events(store: store).groupEvents(viewer, .name(name))
            }
            if output.json { return try Output.json(page) }
            GroupCommand.printCard(group)
            if let members = page.members {
                print("")
                Output.table(["MEMBER", "NAME", "ROLE"], members.items.map { [$0.username, $0.displayName, $0.role.rawValue] })
            }
            if let posts = page.posts {
                print("")
                PostCommand.printPosts(posts.items, empty: "no posts in \(group.name) yet")
            }
            if let events = page.events, !events.items.isEmpty {
                print("")
                try EventCommand.printEvents(events, json: false, empty: "")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your groups, with your role in each.")
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let groups = try Groups(store: store).mine(actor, after: page.after, limit: page.limit)
            if output.json { return try Output.json(groups) }
            Output.table(["GROUP", "ROLE", "MEMBERS", "JOINING"], groups.items.map {
                [$0.name, $0.role?.rawValue ?? "", String($0.members), $0.joinPolicy.rawValue]
            }, empty: "you are in no group")
            if let next = groups.next { print("more: --after \(next)") }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a group's name, description, joining or avatar (owner and admins).")
        @Argument(help: "The group.") var name: String
        @Option(name: .customLong("name"), help: "A new name.") var newName: String?
        @Option(help: "A new description ('' clears it).") var description: String?
        @Option(help: "How people join: open, request or invite.") var policy: JoinPolicy?
        @Option(help: ArgumentHelp("A new avatar, PNG or JPEG ('' removes it).", valueName: "file")) var avatar: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if newName == nil, description == nil, policy == nil, avatar == nil {
                throw ValidationError("give --name, --description, --policy or --avatar")
            }
        }

        func run() throws {
            let picture: Data?? = try avatar.map { $0.isEmpty ? nil : try Files.read($0) }
            let (store, actor) = try club.session()
            let groups = Groups(store: store)
            var group = try groups.show(actor, .name(name))
            if let picture { try groups.setAvatar(actor, .name(name), picture) }
            if newName != nil || description != nil || policy != nil {
                group = try groups.edit(actor, .name(name), newName: newName, description: description, policy: policy)
            }
            if output.json { return try Output.json(try groups.show(actor, .name(group.name))) }
            print("updated group \(group.name)")
        }
    }

    /// A verb on one group that prints one line.
    struct GroupArgument: ParsableArguments {
        @Argument(help: "The group.") var name: String
        @OptionGroup var club: ClubOptions

        func run(_ verb: (Groups, ActingUser) throws -> String) throws {
            let (store, actor) = try club.session()
            print(try verb(Groups(store: store), actor))
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join", abstract: "Join a group, accept an invitation, or ask to join.")
        @OptionGroup var group: GroupArgument
        func run() throws {
            try group.run { groups, actor in
                try groups.join(actor, .name(group.name)) == .member ? "joined \(group.name)" : "asked to join \(group.name)"
            }
        }
    }

    struct Leave: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "leave", abstract: "Leave a group (or turn down its invitation, or withdraw your request).")
        @OptionGroup var group: GroupArgument
        func run() throws { try group.run { try $0.leave($1, .name(group.name)); return "left \(group.name)" } }
    }

    /// A verb on one group and one user.
    struct MemberArguments: ParsableArguments {
        @Argument(help: "The group.") var name: String
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run(_ verb: (Groups, ActingUser) throws -> Void, saying line: String) throws {
            let (store, actor) = try club.session()
            try verb(Groups(store: store), actor)
            print(line)
        }
    }

    struct Invite: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "invite", abstract: "Invite a user (owner and admins).")
        @OptionGroup var member: MemberArguments
        func run() throws {
            try member.run({ try $0.invite($1, .name(member.name), member.user) }, saying: "invited \(member.user) to \(member.name)")
        }
    }

    struct Approve: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve a request to join (owner and admins).")
        @OptionGroup var member: MemberArguments
        func run() throws {
            try member.run({ try $0.approve($1, .name(member.name), member.user) }, saying: "\(member.user) joined \(member.name)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a member, withdraw an invitation or decline a request (owner and admins).")
        @OptionGroup var member: MemberArguments
        func run() throws {
            try member.run({ try $0.remove($1, .name(member.name), member.user) }, saying: "removed \(member.user) from \(member.name)")
        }
    }

    struct Role: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "role", abstract: "Make a member an admin, or an admin a member (the owner).")
        @OptionGroup var member: MemberArguments
        @Argument(help: "admin or member.") var role: GroupRole
        func run() throws {
            try member.run({ try $0.setRole($1, .name(member.name), member.user, role) },
                           saying: "\(member.user) is now \(role == .admin ? "an admin" : "a member") of \(member.name)")
        }
    }

    struct Transfer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transfer", abstract: "Hand a group over to one of its members; you stay an admin.")
        @OptionGroup var member: MemberArguments
        func run() throws {
            try member.run({ try $0.transfer($1, .name(member.name), to: member.user) }, saying: "\(member.user) now owns \(member.name)")
        }
    }

    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members", abstract: "List a group's members (--pending: its invitations and requests).")
        @Argument(help: "The group.") var name: String
        @Flag(help: "Invitations and requests to join (owner and admins).") var pending = false
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let members = try Groups(store: store).members(actor, .name(name), pending: pending, after: page.after, limit: page.limit)
            if output.json { return try Output.json(members) }
            Output.table(["USERNAME", "NAME", "ROLE", "SINCE"], members.items.map {
                [$0.username, $0.displayName, $0.role.rawValue, Output.date($0.since)]
            }, empty: pending ? "no invitations or requests" : "no members")
            if let next = members.next { print("more: --after \(next)") }
        }
    }

    struct Posts: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "posts", abstract: "List a group's posts, newest first (members).")
        @Argument(help: "The group.") var name: String
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let posts = try Club.Posts(store: store).groupPosts(actor, .name(name), after: page.after, limit: page.limit)
            try PostCommand.printPage(posts, json: output.json, empty: "no posts in \(name) yet")
        }
    }

    struct Events: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "events", abstract: "List the upcoming events a group is invited to, soonest first (members).")
        @Argument(help: "The group.") var name: String
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let events = try Club.Events(store: store).groupEvents(actor, .name(name), after: page.after, limit: page.limit)
            try EventCommand.printEvents(events, json: output.json, empty: "no upcoming events for \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a group with its posts (the owner); events it was invited to stay.",
            discussion: "Asks for a confirmation on a terminal without --yes; refuses without --yes when not on a terminal.")
        @Argument(help: "The group.") var name: String
        @Flag(help: "Do not ask.") var yes = false
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else { throw CommandError(.usage, "deleting a group needs --yes when not on a terminal") }
                FileHandle.standardError.write(Data("Delete the group \(name) and its posts? [y/N] ".utf8))
                guard let answer = Swift.readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    throw CommandError(.usage, "not deleted")
                }
            }
            try Groups(store: store).delete(actor, .name(name))
            print("deleted group \(name)")
        }
    }
}

extension JoinPolicy: ExpressibleByArgument {}
extension GroupRole: ExpressibleByArgument {}
