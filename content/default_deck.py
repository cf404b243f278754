"""The deck the site ships with: the rules' twenty stories, in order, with their four cards."""

from __future__ import annotations

from typing import NamedTuple

DECK_NAME = "The first twenty"
DECK_SLUG = "the-first-twenty"
SYSTEM_REVIEWER_EMAIL = "system@justallowgod.invalid"


class Face(NamedTuple):
    """A card's printed title and its one line."""

    title: str
    description: str


class StoryData(NamedTuple):
    """One story of the default deck; the Word card is titled by its reference and its text looked up."""

    position: int
    title: str
    summary: str
    person: Face
    place: Face
    moment: Face
    word: str
    reference: str


STORIES: tuple[StoryData, ...] = (
    StoryData(
        1,
        "Noah and the ark",
        "Genesis 6-9. God keeps Noah, his family and the animals safe through the flood.",
        Face("Noah", "A just man who walked with God and built just as he was told."),
        Face("The mountains of Ararat", "Where the ark came to rest as the waters went down."),
        Face("A bow in the cloud", "God's sign that he will never again flood the whole earth."),
        "The LORD looked on Noah with favour.",
        "Genesis 6:8",
    ),
    StoryData(
        2,
        "Abraham and Isaac",
        "Genesis 22. Abraham trusts God on the mountain, and God provides the lamb.",
        Face("Abraham", "He trusted God enough to climb the mountain with his son."),
        Face("The land of Moriah", "Three days' walk to the mountain God would show him."),
        Face("A ram in the thicket", "Caught by its horns, offered in Isaac's place."),
        "Abraham's answer when Isaac asked where the lamb was.",
        "Genesis 22:8",
    ),
    StoryData(
        3,
        "Joseph and his brothers",
        "Genesis 37-50. Sold by his brothers, Joseph rises in Egypt and saves his family.",
        Face("Joseph", "Sold as a slave by his brothers, later ruler over all Egypt."),
        Face("The storehouses of Egypt", "Grain gathered in seven years of plenty for seven of famine."),
        Face("I am Joseph your brother", "He wept aloud and forgave the brothers who had sold him."),
        "What others meant for harm, God turned to save many lives.",
        "Genesis 50:20",
    ),
    StoryData(
        4,
        "Moses at the Red Sea",
        "Exodus 14. Pharaoh's army closes in, and God opens a way through the sea.",
        Face("Moses", "He stretched his hand over the sea, just as God told him."),
        Face("The Red Sea", "Pharaoh's chariots behind, deep water in front."),
        Face("Dry ground through the sea", "A wall of water on each side, and Israel walked across."),
        "Stand still and be quiet; God fights for his people.",
        "Exodus 14:14",
    ),
    StoryData(
        5,
        "Joshua at Jericho",
        "Joshua 6. Israel marches round Jericho, and the wall falls down flat.",
        Face("Joshua", "He led Israel round the city exactly as the LORD commanded."),
        Face("The walls of Jericho", "A city shut up tight: nobody going out and nobody coming in."),
        Face("Seven trumpets of rams' horns", "On the seventh day the people shouted and the wall fell."),
        "Joshua's word to the people on the seventh time round.",
        "Joshua 6:16",
    ),
    StoryData(
        6,
        "Ruth and Naomi",
        "Ruth 1-4. Ruth stays with Naomi, gleans in Boaz's field and finds a new home.",
        Face("Ruth", "A widow from Moab who would not leave Naomi's side."),
        Face("The field of Boaz", "Where Ruth gleaned barley behind the reapers."),
        Face("Handfuls of purpose", "Boaz had his reapers let grain fall for Ruth to gather."),
        "Ruth's promise to go wherever Naomi went.",
        "Ruth 1:16",
    ),
    StoryData(
        7,
        "David and Goliath",
        "1 Samuel 17. A shepherd boy faces the giant of Gath in the name of the LORD.",
        Face("David", "A shepherd boy who trusted the LORD more than any armour."),
        Face("The valley of Elah", "Two armies on two hills, and a giant in between."),
        Face("Five smooth stones and a sling", "Chosen from the brook, then David ran to meet the giant."),
        "David's answer to the giant's sword and spear.",
        "1 Samuel 17:45",
    ),
    StoryData(
        8,
        "Elijah on Mount Carmel",
        "1 Kings 18. Elijah calls the people to choose, and fire falls from heaven.",
        Face("Elijah", "One prophet of the LORD against four hundred and fifty of Baal."),
        Face("Mount Carmel", "Two altars, two bullocks, and one question: who is God?"),
        Face("Fire from heaven", "It burned the sacrifice, the stones, and licked up the water."),
        "What all the people cried out when the fire fell.",
        "1 Kings 18:39",
    ),
    StoryData(
        9,
        "Esther",
        "Esther 4-8. Queen Esther risks her life before the king to save her people.",
        Face("Esther", "A young queen who spoke up to save her people."),
        Face("The palace in Shushan", "The king's court, where nobody came in uncalled."),
        Face("The golden sceptre", "The king held it out, and Esther came near and lived."),
        "Mordecai's question to Esther: was this why she was queen?",
        "Esther 4:14",
    ),
    StoryData(
        10,
        "Nehemiah rebuilds the wall",
        "Nehemiah 1-6. Nehemiah leads the people to rebuild Jerusalem's broken wall.",
        Face("Nehemiah", "The king's cupbearer who wept for Jerusalem, then went to rebuild."),
        Face("The gates of Jerusalem", "Burned with fire and lying in ruins when Nehemiah came."),
        Face("A trowel and a sword", "The builders worked with one hand and kept watch with the other."),
        "Why the wall rose so fast: everyone worked with all their heart.",
        "Nehemiah 4:6",
    ),
    StoryData(
        11,
        "Daniel in the lions' den",
        "Daniel 6. Daniel keeps praying, is thrown to the lions, and God shuts their mouths.",
        Face("Daniel", "He prayed three times a day, windows open toward Jerusalem."),
        Face("The lions' den", "Sealed with a stone and with the king's own signet."),
        Face("Early in the morning", "King Darius ran to the den and found Daniel unhurt."),
        "Daniel's greeting to the king from inside the den.",
        "Daniel 6:22",
    ),
    StoryData(
        12,
        "Jonah",
        "Jonah 1-4. Jonah runs from God, is swallowed by a great fish, and goes to Nineveh.",
        Face("Jonah", "A prophet who ran away from God, then went where he was sent."),
        Face("Nineveh", "A great city that turned from its evil ways."),
        Face("Three days in the great fish", "Jonah prayed from inside, and the fish left him on dry land."),
        "The end of Jonah's prayer from inside the fish.",
        "Jonah 2:9",
    ),
    StoryData(
        13,
        "The birth of Jesus",
        "Luke 2. Jesus is born in Bethlehem, and angels bring the news to shepherds.",
        Face("Mary", "She kept all these things and pondered them in her heart."),
        Face("Bethlehem", "The city of David, where there was no room in the inn."),
        Face("Good tidings of great joy", "Angels filled the night sky over shepherds in the field."),
        "The angel's news to the shepherds that night.",
        "Luke 2:11",
    ),
    StoryData(
        14,
        "The wedding at Cana",
        "John 2. At a wedding where the wine runs out, Jesus turns water into wine.",
        Face("The governor of the feast", "He tasted the water made wine and called it the best yet."),
        Face("Cana of Galilee", "A wedding feast where the wine ran out."),
        Face("Six waterpots of stone", "Filled to the brim with water, drawn out as good wine."),
        "Mary's word to the servants about Jesus.",
        "John 2:5",
    ),
    StoryData(
        15,
        "Feeding the five thousand",
        "John 6. Jesus feeds a great crowd with a boy's five loaves and two fishes.",
        Face("A lad with five loaves", "He had five barley loaves and two small fishes to give."),
        Face("A grassy mountainside", "There was much grass there, and the crowd sat down."),
        Face("Twelve baskets left over", "Everyone ate their fill, and nothing was lost."),
        "Jesus: whoever comes to him shall never hunger.",
        "John 6:35",
    ),
    StoryData(
        16,
        "Jesus walks on the water",
        "Matthew 14. Jesus comes to his disciples across the stormy sea at night.",
        Face("Peter", "He stepped out of the boat and walked toward Jesus."),
        Face("A ship in the storm", "Tossed with waves in the middle of the sea, the wind against it."),
        Face("Lord, save me", "Peter began to sink, and Jesus caught him by the hand."),
        "Jesus' words to his frightened friends in the boat.",
        "Matthew 14:27",
    ),
    StoryData(
        17,
        "The Good Samaritan",
        "Luke 10. Jesus answers “who is my neighbour?” with a story of mercy.",
        Face("The Samaritan", "A stranger who stopped, bound up the wounds and paid for care."),
        Face("The inn", "Where the Samaritan left two pence for the wounded man's keep."),
        Face("Oil and wine", "Poured on the wounds that the priest and the Levite passed by."),
        "Jesus' word to the lawyer about showing mercy.",
        "Luke 10:37",
    ),
    StoryData(
        18,
        "The Prodigal Son",
        "Luke 15. A lost son comes home, and his father runs to welcome him.",
        Face("The father", "He saw his son a great way off and ran to meet him."),
        Face("A far country", "Where the son wasted everything and ended up feeding swine."),
        Face("The best robe and a ring", "A feast for the son who was lost and now is found."),
        "The father's joy when his son came home.",
        "Luke 15:24",
    ),
    StoryData(
        19,
        "The empty tomb",
        "Matthew 28. The women come to the tomb at dawn and find that Jesus is risen.",
        Face("Mary Magdalene", "She came at dawn on the first day of the week to see the tomb."),
        Face("The new tomb", "Hewn out of the rock, shut with a great stone."),
        Face("The stone rolled away", "An angel rolled it back from the door and sat upon it."),
        "The angel's news to the women at the tomb.",
        "Matthew 28:6",
    ),
    StoryData(
        20,
        "Paul on the Damascus road",
        "Acts 9. Saul sets out against the believers and meets the risen Jesus on the way.",
        Face("Saul of Tarsus", "He set out to arrest believers and met Jesus instead."),
        Face("The road to Damascus", "Near the city, a light from heaven shone round about him."),
        Face("Scales from his eyes", "Ananias laid his hands on him, and Saul could see again."),
        "The voice from heaven that stopped Saul on the road.",
        "Acts 9:4",
    ),
)
